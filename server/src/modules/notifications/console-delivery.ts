import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EmailMessage, Mailer, SmsMessage, SmsSender } from './ports';

// Recipients and subjects are quoted as JSON so a newline in them cannot start a forged log line.

/** E-mail in the embedded mode: nothing leaves the machine, one log line says a message was handed over. */
@Injectable()
export class ConsoleMailer implements Mailer {
  readonly keepsMessageBodies = true;
  private readonly logger = new Logger(ConsoleMailer.name);

  send(message: EmailMessage): Promise<{ providerMessageId: string }> {
    const providerMessageId = `console-${randomUUID()}`;
    // Never the body: it may hold a one-time code or a temporary password.
    this.logger.log(
      `E-mail ${providerMessageId} to ${JSON.stringify(message.to)}, subject ${JSON.stringify(message.subject)}`,
    );
    return Promise.resolve({ providerMessageId });
  }

  ping(): Promise<void> {
    return Promise.resolve();
  }
}

/** SMS in the embedded mode: nothing is sent, one log line says a message was handed over. */
@Injectable()
export class ConsoleSmsSender implements SmsSender {
  readonly keepsMessageBodies = true;
  private readonly logger = new Logger(ConsoleSmsSender.name);

  send(message: SmsMessage): Promise<{ providerMessageId: string }> {
    const providerMessageId = `console-${randomUUID()}`;
    // An SMS has no subject and its body is usually the signing code, so only the recipient shows.
    this.logger.log(`SMS ${providerMessageId} to ${JSON.stringify(message.to)}`);
    return Promise.resolve({ providerMessageId });
  }
}
