import { startChatwootSandbox } from './server.ts';

/**
 * Runs the Chatwoot sandbox on its own (npm start starts it beside the site): CHATWOOT_SANDBOX_PORT (8093),
 * CHATWOOT_SANDBOX_HOST (127.0.0.1) and CHATWOOT_SANDBOX_HMAC_TOKEN, the inbox HMAC token to enter in the console
 * (Chat → Settings) with the website token `sandbox-website-token` and this address.
 */
const port = Number(process.env.CHATWOOT_SANDBOX_PORT ?? 8093);
const host = process.env.CHATWOOT_SANDBOX_HOST || '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(
    `CHATWOOT_SANDBOX_PORT must be a port number, not ${process.env.CHATWOOT_SANDBOX_PORT}\n`,
  );
  process.exit(1);
}
try {
  const sandbox = await startChatwootSandbox({
    port,
    host,
    hmacToken: process.env.CHATWOOT_SANDBOX_HMAC_TOKEN || 'sandbox-chatwoot-hmac',
    websiteToken: 'sandbox-website-token',
    log: (line) => process.stdout.write(`[sandbox Chatwoot] ${line}\n`),
  });
  process.stdout.write(
    `  Sandbox Chatwoot: ${sandbox.url}/ (live chat widget and webhooks, nothing leaves)\n`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      sandbox.close().then(() => process.exit(0));
    });
  }
} catch (error) {
  process.stderr.write(
    `The Chatwoot sandbox could not start on ${host}:${port}: ${(error as Error).message}\n`,
  );
  process.exit(1);
}
