import { type DynamicModule, Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { EmbeddedDatabaseHolder, embeddedDatabaseProvider } from '../database/database.module';
import { StartupCleanup } from './startup-cleanup';

/** What every module may inject: the validated configuration, what a start has opened, the embedded database. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig, cleanup: StartupCleanup): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: StartupCleanup, useValue: cleanup },
        embeddedDatabaseProvider,
      ],
      exports: [AppConfig, StartupCleanup, EmbeddedDatabaseHolder],
    };
  }
}
