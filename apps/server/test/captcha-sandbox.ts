import { createServer } from 'node:http';

/**
 * A loopback stand-in for the Turnstile and hCaptcha siteverify endpoints (POST, form-encoded secret and response,
 * JSON answer): `pass-…` tokens verify once for the right secret, anything else fails. CAPTCHA_VERIFY_URL points
 * the server at it in tests.
 */
export async function startCaptchaSandbox(secret: string) {
  const spent = new Set<string>();
  const requests: Record<string, string>[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += String(chunk);
    });
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      requests.push(form);
      const token = form.response ?? '';
      const success =
        request.method === 'POST' && form.secret === secret && token.startsWith('pass-') && !spent.has(token);
      if (success) spent.add(token);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          success ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
