import { type DynamicModule, Global, Module } from '@nestjs/common';
import { type Logger } from 'pino';

export const ROOT_LOGGER = Symbol('RootLogger');

@Global()
@Module({})
export class LoggerModule {
  static forRoot(logger: Logger): DynamicModule {
    return {
      module: LoggerModule,
      providers: [{ provide: ROOT_LOGGER, useValue: logger }],
      exports: [ROOT_LOGGER],
    };
  }
}
