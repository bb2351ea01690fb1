import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../config/app-config';
import { MAILER, SMS_SENDER, type Mailer, type SmsSender } from '../notifications/ports';
import { ConsoleMailer, ConsoleSmsSender } from '../notifications/console-delivery';
import { SmtpMailer } from '../notifications/smtp-mailer';
import { TwilioSmsSender } from '../notifications/twilio-sms-sender';
import { DevOutboxController } from './dev-outbox.controller';
import { OutboxMessageEntity } from './outbox-message.entity';
import { OutboxService } from './outbox.service';

function createMailer(config: AppConfig): Mailer {
  const { env } = config;
  if (!env.SMTP_HOST) return new ConsoleMailer();
  return new SmtpMailer({
    host: env.SMTP_HOST,
    port: env.SMTP_PORT,
    secure: env.SMTP_SECURE,
    requireTls: env.SMTP_REQUIRE_TLS,
    from: env.MAIL_FROM,
    ...(env.SMTP_USER ? { user: env.SMTP_USER } : {}),
    ...(env.SMTP_PASSWORD ? { pass: env.SMTP_PASSWORD } : {}),
  });
}

function createSmsSender(config: AppConfig): SmsSender {
  const { env } = config;
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN) return new ConsoleSmsSender();
  return new TwilioSmsSender({
    accountSid: env.TWILIO_ACCOUNT_SID,
    authToken: env.TWILIO_AUTH_TOKEN,
    ...(env.TWILIO_FROM ? { from: env.TWILIO_FROM } : {}),
    ...(env.TWILIO_MESSAGING_SERVICE_SID ? { messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID } : {}),
    ...(env.TWILIO_API_URL ? { apiBaseUrl: env.TWILIO_API_URL.replace(/\/$/, '') } : {}),
  });
}

@Module({})
export class OutboxModule {
  static forRoot(options: { http: boolean; exposeDevelopmentOutbox: boolean }): DynamicModule {
    return {
      module: OutboxModule,
      global: true,
      imports: [TypeOrmModule.forFeature([OutboxMessageEntity])],
      controllers: options.http && options.exposeDevelopmentOutbox ? [DevOutboxController] : [],
      providers: [
        OutboxService,
        { provide: MAILER, inject: [AppConfig], useFactory: createMailer },
        { provide: SMS_SENDER, inject: [AppConfig], useFactory: createSmsSender },
      ],
      exports: [OutboxService],
    };
  }
}
