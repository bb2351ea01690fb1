import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../config/app-config';
import { MAILER, SMS_SENDER, type Mailer, type SmsSender } from '../notifications/ports';
import { ConsoleMailer, ConsoleSmsSender } from '../notifications/console-delivery';
import { DevOutboxController } from './dev-outbox.controller';
import { OutboxMessageEntity } from './outbox-message.entity';
import { OutboxService } from './outbox.service';

function createMailer(config: AppConfig): Mailer {
  return new ConsoleMailer();
}

function createSmsSender(config: AppConfig): SmsSender {
  return new ConsoleSmsSender();
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
