import { type DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { localSecret } from '../../common/local-secret';
import { DocumentsModule } from '../documents/documents.module';
import { SignaturesModule } from '../signatures/signatures.module';
import { OneTimeCodeService, OTP_SECRET } from './one-time-code.service';
import { SealingQueue } from './sealing-queue';
import { SigningController } from './signing.controller';
import { SigningPageService } from './signing-page.service';
import { SigningService } from './signing.service';
import { SIGNATURE_APPLIER } from './signature-applier';
import { BuiltInSignatureApplier } from './built-in-signature-applier';
import { BuiltInDocumentSealer } from './built-in-document-sealer';
import { DOCUMENT_SEALER } from './document-sealer';
import { SealingService } from './sealing.service';
import { SigningWorkers } from './pdf-work/signing-workers';
import { DeclineService } from './decline.service';
import { DocumentDeliveryService } from './document-delivery.service';
import { QualifiedProvider } from './qualified/qualified-provider';
import { QualifiedSigningController } from './qualified/qualified-signing.controller';
import { QualifiedSigningService } from './qualified/qualified-signing.service';

function otpSecret(config: AppConfig): Buffer {
  const secret = config.env.OTP_SECRET;
  return secret ? Buffer.from(secret, 'utf8') : localSecret(config.dataDir, 'one-time-codes');
}

@Module({})
export class SigningModule {
  static forRoot(options: { http: boolean }): DynamicModule {
    return {
      module: SigningModule,
      imports: [SignaturesModule, DocumentsModule],
      controllers: options.http ? [SigningController, QualifiedSigningController] : [],
      providers: [
        { provide: OTP_SECRET, inject: [AppConfig], useFactory: otpSecret },
        { provide: SIGNATURE_APPLIER, useClass: BuiltInSignatureApplier },
        { provide: DOCUMENT_SEALER, useClass: BuiltInDocumentSealer },
        SigningWorkers,
        SealingService,
        OneTimeCodeService,
        SealingQueue,
        SigningPageService,
        SigningService,
        DocumentDeliveryService,
        DeclineService,
        QualifiedProvider,
        QualifiedSigningService,
      ],
    };
  }
}
