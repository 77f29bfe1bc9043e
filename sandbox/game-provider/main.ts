import { startGameProvider } from './server.ts';

/**
 * Runs the game provider simulator on its own (npm start starts it beside the site): GAME_SANDBOX_PORT (8091) and
 * GAME_SANDBOX_HOST (127.0.0.1). Its key pair is made fresh at each start; the site registers its own public key
 * with it (POST /sandbox/operators) on its catalogue sync, and learns the simulator's.
 */
const port = Number(process.env.GAME_SANDBOX_PORT ?? 8091);
const host = process.env.GAME_SANDBOX_HOST || '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`GAME_SANDBOX_PORT must be a port number, not ${process.env.GAME_SANDBOX_PORT}\n`);
  process.exit(1);
}
try {
  const simulator = await startGameProvider({
    port,
    host,
    log: (line) => process.stdout.write(`[game provider] ${line}\n`),
  });
  process.stdout.write(
    `  Game provider:    ${simulator.url}/ (simulated aggregator, play money through your wallet)\n`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      simulator.close().then(() => process.exit(0));
    });
  }
} catch (error) {
  process.stderr.write(
    `The game provider simulator could not start on ${host}:${port}: ${(error as Error).message}\n`,
  );
  process.exit(1);
}
