import { createServer, type Socket } from 'node:net';

interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message as sent after DATA (headers and body, dot-unstuffed). */
  data: string;
  /** The text body, with quoted-printable or base64 transfer encoding undone. */
  text: string;
  auth: { user: string; password: string } | null;
}

export interface TestSmtpServer {
  port: number;
  mails: ReceivedMail[];
  /** Resolves with the next mail that arrives (or the first one not yet taken). */
  nextMail(timeoutMs?: number): Promise<ReceivedMail>;
  /** Refuses the next n messages after DATA with a temporary failure (451), as a busy server does. */
  refuseNext(n: number): void;
  /** Messages refused so far. */
  refused(): number;
  close(): Promise<void>;
}

function decodeBody(message: string): string {
  const split = message.indexOf('\r\n\r\n');
  const headers = message.slice(0, split).toLowerCase();
  const body = message.slice(split + 4);
  if (headers.includes('content-transfer-encoding: quoted-printable')) {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (headers.includes('content-transfer-encoding: base64')) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return body;
}

/**
 * A tiny SMTP server on a loopback port, speaking just enough of the protocol for a client like nodemailer:
 * EHLO/HELO, AUTH PLAIN and LOGIN (any credentials, recorded), MAIL FROM, RCPT TO, DATA, RSET, NOOP, QUIT.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  let taken = 0;
  let toRefuse = 0;
  let refusedCount = 0;
  const sockets = new Set<Socket>();

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let mode: 'command' | 'data' | 'auth-user' | 'auth-password' = 'command';
    let from = '';
    let to: string[] = [];
    let auth: ReceivedMail['auth'] = null;
    let loginUser = '';
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost ESMTP test');

    const deliver = (raw: string) => {
      const data = raw.replace(/^\.\./gm, '.');
      const mail = { from, to, data, text: decodeBody(data), auth };
      mails.push(mail);
      const waiter = waiting.shift();
      if (waiter) {
        taken += 1;
        waiter(mail);
      }
      from = '';
      to = [];
    };

    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') {
        reply('250-localhost');
        reply('250-AUTH PLAIN LOGIN');
        reply('250 8BITMIME');
      } else if (verb === 'HELO') reply('250 localhost');
      else if (verb === 'AUTH') {
        const [, kind, initial] = line.split(' ');
        if (kind?.toUpperCase() === 'PLAIN' && initial) {
          const [, user = '', password = ''] = Buffer.from(initial, 'base64').toString('utf8').split('\0');
          auth = { user, password };
          reply('235 2.7.0 Authentication successful');
        } else if (kind?.toUpperCase() === 'LOGIN') {
          mode = 'auth-user';
          reply(`334 ${Buffer.from('Username:').toString('base64')}`);
        } else reply('504 unsupported');
      } else if (verb === 'MAIL') {
        from = /<([^>]*)>/.exec(line)?.[1] ?? '';
        reply('250 OK');
      } else if (verb === 'RCPT') {
        to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        reply('250 OK');
      } else if (verb === 'DATA') {
        mode = 'data';
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'RSET') {
        from = '';
        to = [];
        reply('250 OK');
      } else if (verb === 'NOOP') reply('250 OK');
      else if (verb === 'QUIT') {
        reply('221 Bye');
        socket.end();
      } else reply('502 Command not implemented');
    };

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (mode === 'data') {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          mode = 'command';
          if (toRefuse > 0) {
            toRefuse -= 1;
            refusedCount += 1;
            from = '';
            to = [];
            reply('451 4.3.0 Try again later');
            continue;
          }
          deliver(message);
          reply('250 OK: queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        if (mode === 'auth-user') {
          loginUser = Buffer.from(line, 'base64').toString('utf8');
          mode = 'auth-password';
          reply(`334 ${Buffer.from('Password:').toString('base64')}`);
        } else if (mode === 'auth-password') {
          auth = { user: loginUser, password: Buffer.from(line, 'base64').toString('utf8') };
          mode = 'command';
          reply('235 2.7.0 Authentication successful');
        } else command(line);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    mails,
    nextMail(timeoutMs = 10_000) {
      if (taken < mails.length) return Promise.resolve(mails[taken++] as ReceivedMail);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no mail arrived')), timeoutMs);
        waiting.push((mail) => {
          clearTimeout(timer);
          resolve(mail);
        });
      });
    },
    refuseNext(n) {
      toRefuse = n;
    },
    refused: () => refusedCount,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
