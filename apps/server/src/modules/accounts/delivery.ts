import { createTransport } from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ClaimedJob, JobRunner } from '../../platform/jobs.ts';
import { enqueue } from '../../platform/jobs.ts';
import { write } from '../../platform/write.ts';
import * as store from './store.ts';

// Mail and SMS leave through the outbox: the message is written in the transaction of its cause, and a job sends
// it after commit. Without a provider configured the outbox is the only copy; the console lists it, secrets masked.

export interface SmsMessage {
  countryDialingCode: string;
  mobile: string;
  purpose: string;
  text: string;
  /** The code inside the text: the console always shows it masked; masked in the stored text once delivered. */
  code: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** A secret inside the text (a reset link): hidden from the console while queued, removed once delivered. */
  secret?: string;
}

const SMS_JOB = 'sms.deliver';
const MAIL_JOB = 'mail.deliver';

/** Queues an SMS in the caller's transaction: for the HTTP gateway when there is one, otherwise for the outbox. */
export async function queueSms(tx: Queryable, config: Config, message: SmsMessage, now: Date): Promise<void> {
  const gateway = config.sms.gateway !== null;
  const id = await store.insertSmsOutbox(
    tx,
    {
      countryDialingCode: message.countryDialingCode,
      mobile: message.mobile,
      purpose: message.purpose,
      body: message.text,
      // Kept in both cases so that the console, which lists the outbox, always shows it masked: a code signs in.
      secret: message.code,
      provider: gateway ? 'gateway' : 'outbox',
      status: gateway ? 'queued' : 'outbox',
    },
    now,
  );
  if (gateway) await enqueue(tx, { kind: SMS_JOB, payload: { id }, runAt: now, maxAttempts: 5 }, now);
}

/** Queues a mail in the caller's transaction: for SMTP when it is configured, otherwise for the outbox. */
export async function queueMail(
  tx: Queryable,
  config: Config,
  message: MailMessage,
  now: Date,
): Promise<void> {
  const smtp = config.smtp !== null;
  const id = await store.insertMailOutbox(
    tx,
    {
      to: message.to,
      subject: message.subject,
      body: message.text,
      // Kept in both cases so that the console, which lists the outbox, always shows it masked.
      secret: message.secret ?? '',
      provider: smtp ? 'smtp' : 'outbox',
      status: smtp ? 'queued' : 'outbox',
    },
    now,
  );
  if (smtp) await enqueue(tx, { kind: MAIL_JOB, payload: { id }, runAt: now, maxAttempts: 8 }, now);
}

/** What an SMS or a mail looks like once sent: its secret masked. */
export function withoutSecret(body: string, secret: string, mask: string): string {
  return secret ? body.replaceAll(secret, mask) : body;
}

/**
 * The delivery jobs. A send that fails is retried with backoff; once the job is dead the message is marked
 * failed. A message is sent at least once; a crash after the provider accepted it and before it was marked sent
 * would send it again, so each carries a stable id the provider can deduplicate on (the mail's Message-ID, the
 * gateway's Idempotency-Key header).
 */
export function defineDeliveryJobs(
  runner: JobRunner,
  deps: { db: Database; config: Config; clock: Clock },
): void {
  const { db, config } = deps;
  const smtp = config.smtp;
  const transport = smtp
    ? createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        ...(smtp.user && smtp.password ? { auth: { user: smtp.user, pass: smtp.password } } : {}),
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : null;
  const messageHost = new URL(config.siteUrl).hostname || 'tessera.invalid';
  const idOf = (job: ClaimedJob) => Number(job.payload.id);

  runner.define(MAIL_JOB, {
    async run(job) {
      const mail = await store.findMailOutbox(db, idOf(job));
      if (mail?.status !== 'queued' || !transport) return;
      await transport.sendMail({
        from: config.mailFrom,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.body,
        messageId: `<mail-${mail.id}@${messageHost}>`,
      });
      await write(db, { isolation: 'read committed' }, (tx) =>
        store.markMailOutbox(tx, mail.id, {
          status: 'sent',
          body: withoutSecret(mail.body, mail.secret, '[removed]'),
          error: '',
          at: deps.clock.now(),
        }),
      );
    },
    async onDead(job, error) {
      await write(db, { isolation: 'read committed' }, (tx) =>
        store.markMailOutbox(tx, idOf(job), {
          status: 'failed',
          error: error.slice(0, 500),
          at: deps.clock.now(),
        }),
      );
    },
  });

  runner.define(SMS_JOB, {
    async run(job) {
      const sms = await store.findSmsOutbox(db, idOf(job));
      const gateway = config.sms.gateway;
      if (sms?.status !== 'queued' || !gateway) return;
      const response = await fetch(gateway.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': `sms-${sms.id}`,
          ...(gateway.token ? { authorization: `Bearer ${gateway.token}` } : {}),
        },
        body: JSON.stringify({
          to: `+${sms.country_dialing_code}${sms.mobile}`,
          countryDialingCode: sms.country_dialing_code,
          mobile: sms.mobile,
          message: sms.body,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`gateway answered ${response.status}`);
      await write(db, { isolation: 'read committed' }, (tx) =>
        store.markSmsOutbox(tx, sms.id, {
          status: 'sent',
          body: withoutSecret(sms.body, sms.secret, '*'.repeat(sms.secret.length)),
          error: '',
          at: deps.clock.now(),
        }),
      );
    },
    async onDead(job, error) {
      await write(db, { isolation: 'read committed' }, (tx) =>
        store.markSmsOutbox(tx, idOf(job), {
          status: 'failed',
          error: error.slice(0, 500),
          at: deps.clock.now(),
        }),
      );
    },
  });
}
