/** A message as handed to a delivery adapter. `body` is plain text; `html` is optional for e-mail. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SmsMessage {
  /** E.164, e.g. +352621123456 */
  to: string;
  body: string;
}

/** Delivers e-mail. Returns the provider's message id. Throws on a failure worth retrying. */
export interface Mailer {
  /** True for the development adapters, whose outbox rows are the only place a message can be read. */
  readonly keepsMessageBodies?: boolean;
  send(message: EmailMessage): Promise<{ providerMessageId: string }>;
  ping(): Promise<void>;
}

/** Delivers SMS. Returns the provider's message id. Throws on a failure worth retrying. */
export interface SmsSender {
  readonly keepsMessageBodies?: boolean;
  send(message: SmsMessage): Promise<{ providerMessageId: string }>;
}

export const MAILER = Symbol('Mailer');
export const SMS_SENDER = Symbol('SmsSender');
