import { startPaymentSandbox } from './server.ts';

/**
 * Runs the sandbox payment gateway on its own (npm start starts it beside the site):
 * SANDBOX_PORT (8090), SANDBOX_HOST (127.0.0.1), and PAYMENT_SANDBOX_SECRET, the secret every merchant id signs
 * with here, the same variable that gives the site's demo channel its secret.
 */
const port = Number(process.env.SANDBOX_PORT ?? 8090);
const host = process.env.SANDBOX_HOST || '127.0.0.1';
const secret = process.env.PAYMENT_SANDBOX_SECRET || 'sandbox-demo-secret';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`SANDBOX_PORT must be a port number, not ${process.env.SANDBOX_PORT}\n`);
  process.exit(1);
}
try {
  const sandbox = await startPaymentSandbox({
    port,
    host,
    anyMerchantSecret: secret,
    log: (line) => process.stdout.write(`[sandbox gateway] ${line}\n`),
  });
  process.stdout.write(`  Sandbox gateway:  ${sandbox.url}/ (test payments, no money moves)\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      sandbox.close().then(() => process.exit(0));
    });
  }
} catch (error) {
  process.stderr.write(
    `The sandbox gateway could not start on ${host}:${port}: ${(error as Error).message}\n`,
  );
  process.exit(1);
}
