import { startSmsSandbox } from './server.ts';

/**
 * Runs the sandbox SMS gateway on its own (npm start starts it beside the site and points the site's
 * SMS_GATEWAY_URL and SMS_GATEWAY_TOKEN at it): SMS_SANDBOX_PORT (8092), SMS_SANDBOX_HOST (127.0.0.1), and
 * SMS_SANDBOX_TOKEN, the Bearer token it asks of the site (none: it accepts any request).
 */
const port = Number(process.env.SMS_SANDBOX_PORT ?? 8092);
const host = process.env.SMS_SANDBOX_HOST || '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`SMS_SANDBOX_PORT must be a port number, not ${process.env.SMS_SANDBOX_PORT}\n`);
  process.exit(1);
}
try {
  const sandbox = await startSmsSandbox({
    port,
    host,
    token: process.env.SMS_SANDBOX_TOKEN || undefined,
    log: (line) => process.stdout.write(`[sandbox SMS] ${line}\n`),
  });
  process.stdout.write(`  Sandbox SMS:      ${sandbox.url}/ (test messages, nothing is sent)\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      sandbox.close().then(() => process.exit(0));
    });
  }
} catch (error) {
  process.stderr.write(
    `The sandbox SMS gateway could not start on ${host}:${port}: ${(error as Error).message}\n`,
  );
  process.exit(1);
}
