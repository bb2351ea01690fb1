import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { type Logger } from 'pino';
import { type AppConfig } from './config/app-config';
import { CoreModule } from './common/core.module';
import { StartupCleanup } from './common/startup-cleanup';
import { LoggerModule } from './common/logger.module';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { RATE_LIMIT_STORE, type RateLimitStore } from './common/rate-limit/rate-limit-store';
import { SharedThrottlerStorage } from './common/rate-limit/throttler-storage';
import { DatabaseModule } from './database/database.module';
import { JobsModule } from './modules/jobs/jobs.module';
import { MetricsModule } from './modules/metrics/metrics.module';
import { IdentityModule } from './modules/identity/identity.module';
import { PasswordResetModule } from './modules/identity/password-reset-codes';
import { preparePrivateDataDirectory } from './common/durable-files';
import { OutboxModule } from './modules/outbox/outbox.module';
import { StorageModule } from './modules/storage/storage.module';
import { PkiModule } from './modules/pki/pki.module';
import { UsersModule } from './modules/users/users.module';
import { DocumentsModule } from './modules/documents/documents.module';
import { AuditModule } from './modules/audit/audit.module';
import { SignatureRecordsModule } from './modules/signatures/signature-records.module';
import { SignaturesModule } from './modules/signatures/signatures.module';
import { SigningModule } from './modules/signing/signing.module';
import { CodeRecordsModule } from './modules/signing/code-records.module';
import { VerificationModule } from './modules/verification/verification.module';
import { BillingModule } from './modules/billing/billing.module';
import { DashboardModule } from './modules/dashboard/dashboard.module';
import { HealthController } from './modules/health/health.controller';
import { PlatformController } from './modules/platform/platform.controller';

export type ProcessRole = 'api' | 'worker';

/** One module tree for both entrypoints: the API adds controllers and guards, the worker only processors. */
@Module({})
export class AppModule {
  static forRoot(
    config: AppConfig,
    logger: Logger,
    role: ProcessRole,
    cleanup = new StartupCleanup(),
  ): DynamicModule {
    const http = role === 'api';
    // Before any module writes there (the embedded database first).
    const privacyWarning = preparePrivateDataDirectory(config.dataDir);
    if (privacyWarning) logger.warn(privacyWarning);
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, cleanup),
        LoggerModule.forRoot(logger),
        DatabaseModule,
        MetricsModule.forRoot(config, { http }),
        JobsModule.forRoot({
          processJobs: role === 'worker' || config.env.RUN_JOBS_IN_API,
          reportsQueue: http,
        }),
        OutboxModule.forRoot({ http, exposeDevelopmentOutbox: config.exposesDevelopmentOutbox }),
        ...(http ? [IdentityModule] : []),
        PasswordResetModule,
        StorageModule.forRoot({ http }),
        PkiModule,
        UsersModule.forRoot({ http }),
        DocumentsModule.forRoot({ http }),
        AuditModule,
        BillingModule.forRoot({ http }),
        SignatureRecordsModule,
        CodeRecordsModule,
        SignaturesModule.forRoot({ http }),
        SigningModule.forRoot({ http }),
        VerificationModule.forRoot({ http }),
        ...(http ? [DashboardModule] : []),
        RateLimitModule,
        ...(http
          ? [
              ThrottlerModule.forRootAsync({
                inject: [RATE_LIMIT_STORE],
                useFactory: (store: RateLimitStore) => ({
                  throttlers: [{ ttl: 60_000, limit: config.env.RATE_LIMIT_PER_MINUTE }],
                  storage: new SharedThrottlerStorage(store),
                }),
              }),
            ]
          : []),
      ],
      controllers: http ? [HealthController, PlatformController] : [],
      providers: http ? [{ provide: APP_GUARD, useClass: ThrottlerGuard }] : [],
    };
  }
}
