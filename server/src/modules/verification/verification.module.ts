import { type DynamicModule, Module } from '@nestjs/common';
import { VerificationController } from './verification.controller';
import { VerificationService } from './verification.service';

@Module({})
export class VerificationModule {
  static forRoot(options: { http: boolean }): DynamicModule {
    return {
      module: VerificationModule,
      controllers: options.http ? [VerificationController] : [],
      providers: options.http ? [VerificationService] : [],
    };
  }
}
