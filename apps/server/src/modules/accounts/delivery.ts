import { createTransport } from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import * as store from './store.ts';

export interface SmsMessage {
  countryDialingCode: string;
  mobile: string;
  purpose: string;
  text: string;
  /** The code inside the text: masked in what is stored once a real provider has delivered it. */
  code: string;
}

/** Sends an SMS. The outbox (default) keeps it for the console; the gateway posts it to an HTTP SMS service. */
export interface SmsProvider {
  send(db: Queryable, message: SmsMessage, now: Date): Promise<void>;
}

export class OutboxSms implements SmsProvider {
  async send(db: Queryable, message: SmsMessage, now: Date) {
    await store.insertSmsOutbox(
      db,
      { ...message, body: message.text, provider: 'outbox', status: 'outbox' },
      now,
    );
  }
}

/**
 * An HTTP SMS gateway: POST SMS_GATEWAY_URL with a JSON body { to, countryDialingCode, mobile, message } and
 * `Authorization: Bearer SMS_GATEWAY_TOKEN`; any 2xx answer counts as sent. A copy with the code masked is
 * kept in the outbox, with its status.
 */
export class GatewaySms implements SmsProvider {
  constructor(private readonly gateway: { url: string; token: string | null }) {}

  async send(db: Queryable, message: SmsMessage, now: Date) {
    let error = '';
    try {
      const response = await fetch(this.gateway.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.gateway.token ? { authorization: `Bearer ${this.gateway.token}` } : {}),
        },
        body: JSON.stringify({
          to: `+${message.countryDialingCode}${message.mobile}`,
          countryDialingCode: message.countryDialingCode,
          mobile: message.mobile,
          message: message.text,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) error = `gateway answered ${response.status}`;
    } catch (cause) {
      error = `gateway unreachable: ${(cause as Error).name}`;
    }
    await store.insertSmsOutbox(
      db,
      {
        ...message,
        body: message.text.replaceAll(message.code, '*'.repeat(message.code.length)),
        provider: 'gateway',
        status: error ? 'failed' : 'sent',
        error,
      },
      now,
    );
    if (error) throw new AppError('service_unavailable');
  }
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** A secret inside the text (a reset link): removed from the stored copy once SMTP has delivered the mail. */
  secret?: string;
}

/** Sends a mail. Without SMTP settings it goes to the outbox, which the console lists. */
export interface Mailer {
  send(db: Queryable, message: MailMessage, now: Date): Promise<void>;
  close(): void;
}

export class OutboxMailer implements Mailer {
  async send(db: Queryable, message: MailMessage, now: Date) {
    await store.insertMailOutbox(
      db,
      { to: message.to, subject: message.subject, body: message.text, provider: 'outbox', status: 'outbox' },
      now,
    );
  }
  close() {}
}

/** Real mail over SMTP (nodemailer), to the server in SMTP_HOST/SMTP_PORT, with SMTP_USER/SMTP_PASSWORD. */
export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(
    smtp: NonNullable<Config['smtp']>,
    private readonly from: string,
  ) {
    this.transport = createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.user && smtp.password ? { auth: { user: smtp.user, pass: smtp.password } } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async send(db: Queryable, message: MailMessage, now: Date) {
    let error = '';
    try {
      await this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    } catch (cause) {
      error = `smtp: ${(cause as { code?: string }).code ?? (cause as Error).name}`;
    }
    const stored = message.secret ? message.text.replaceAll(message.secret, '[removed]') : message.text;
    await store.insertMailOutbox(
      db,
      {
        to: message.to,
        subject: message.subject,
        body: stored,
        provider: 'smtp',
        status: error ? 'failed' : 'sent',
        error,
      },
      now,
    );
    if (error) throw new AppError('service_unavailable');
  }

  close() {
    this.transport.close();
  }
}

export interface Delivery {
  sms: SmsProvider;
  mailer: Mailer;
}

/** The providers the configuration asks for. */
export function deliveryFromConfig(config: Config): Delivery {
  return {
    sms: config.sms.gateway ? new GatewaySms(config.sms.gateway) : new OutboxSms(),
    mailer: config.smtp ? new SmtpMailer(config.smtp, config.mailFrom) : new OutboxMailer(),
  };
}
