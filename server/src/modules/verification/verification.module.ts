import { type DynamicModule, Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module';
import { VerificationController } from './verification.controller';
import { VerificationService } from './verification.service';

@Module({})
export class VerificationModule {
  static forRoot(options: { http: boolean }): DynamicModule {
    return {
      module: VerificationModule,
      imports: options.http ? [DocumentsModule] : [],
      controllers: options.http ? [VerificationController] : [],
      providers: options.http ? [VerificationService] : [],
    };
  }
}
