import { createServer } from 'node:http';
import type { TestProject } from 'vitest/node';
import { startSmtpServer } from '../apps/server/test/smtp-server.ts';
import { startServer } from './start-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** GET it for the mails the server sent over SMTP so far, as JSON [{ to, text }] (e2e/accounts-mail.ts). */
    mailboxUrl: string;
  }
}

/**
 * Starts a loopback SMTP server that keeps every mail, and a small HTTP reader of those mails for the tests (they
 * run in other processes); then the real server (built front ends, embedded database, demo data) with that SMTP
 * server configured, for the browser tests.
 */
export default async function setup(project: TestProject) {
  const smtp = await startSmtpServer();
  const mailbox = createServer((request, response) => {
    const mails = smtp.mails.map((mail) => ({ to: mail.to, text: mail.text }));
    response.writeHead(request.url === '/mails' ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(request.url === '/mails' ? mails : null));
  });
  await new Promise<void>((resolve) => mailbox.listen(0, '127.0.0.1', resolve));
  const mailboxPort = (mailbox.address() as { port: number }).port;
  const server = await startServer({
    DEMO_SEED: '1',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    // Every browser test comes from 127.0.0.1: the per-address SMS limit would otherwise be shared by all files.
    SMS_MAX_PER_IP: '200',
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('mailboxUrl', `http://127.0.0.1:${mailboxPort}/mails`);
  return async () => {
    await server.stop();
    await new Promise<void>((resolve) => mailbox.close(() => resolve()));
    await smtp.close();
  };
}
