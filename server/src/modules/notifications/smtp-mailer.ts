import { createTransport, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { DeliveryError } from './delivery-error';
import type { EmailMessage, Mailer } from './ports';

export interface SmtpMailerOptions {
  host: string;
  port: number;
  /** TLS from the first byte (port 465). Otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  user?: string;
  pass?: string;
  /** Sender, e.g. `Signature électronique <no-reply@example.lu>`. */
  from: string;
  /** Refuse to send without STARTTLS on a non-`secure` connection. */
  requireTls?: boolean;
  /** Limit for connecting, the greeting and each command, in milliseconds (default 15 s). */
  timeoutMs?: number;
}

interface SmtpFailure {
  code?: string;
  responseCode?: number;
  /** Set by nodemailer from the reply code: 5xx except 503. */
  permanent?: boolean;
  message?: string;
}

// Failures of configuration rather than of the moment: sending again cannot help.
const CONFIGURATION_FAILURES = new Set(['EAUTH', 'ENOAUTH', 'ECONFIG', 'ETLS', 'EREQUIRETLS']);
const DEFAULT_TIMEOUT_MS = 15_000;

/** E-mail through an SMTP relay with nodemailer. */
export class SmtpMailer implements Mailer {
  private readonly transporter: Transporter<SMTPTransport.SentMessageInfo>;
  private readonly from: string;
  private readonly secrets: string[];

  constructor(options: SmtpMailerOptions) {
    const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.from = options.from;
    this.secrets = options.pass ? [options.pass] : [];
    this.transporter = createTransport({
      host: options.host,
      port: options.port,
      secure: options.secure,
      requireTLS: options.requireTls ?? false,
      auth: options.user ? { user: options.user, pass: options.pass } : undefined,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
  }

  async send(message: EmailMessage): Promise<{ providerMessageId: string }> {
    try {
      const info = await this.transporter.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      return { providerMessageId: info.messageId };
    } catch (error) {
      throw this.deliveryError(error, 'SMTP delivery failed');
    }
  }

  async ping(): Promise<void> {
    try {
      await this.transporter.verify();
    } catch (error) {
      throw this.deliveryError(error, 'SMTP server unreachable');
    }
  }

  private deliveryError(error: unknown, summary: string): DeliveryError {
    const failure = (error ?? {}) as SmtpFailure;
    const retryable =
      typeof failure.responseCode === 'number'
        ? failure.permanent !== true
        : !CONFIGURATION_FAILURES.has(failure.code ?? '');
    const details = [failure.code, failure.message].filter(Boolean).join(': ');
    const text = this.secrets.reduce(
      (message, secret) => message.split(secret).join('***'),
      `${summary} (${details})`,
    );
    return new DeliveryError(text, 'email', retryable, failure.responseCode);
  }
}
