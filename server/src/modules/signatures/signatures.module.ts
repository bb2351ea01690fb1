import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../config/app-config';
import { localSecret } from '../../common/local-secret';
import { DocumentsModule } from '../documents/documents.module';
import { ExpiryService } from './expiry.service';
import { InvitationsService } from './invitations.service';
import { RemindersService } from './reminders.service';
import { SignatoryEntity } from './signatory.entity';
import { SignatureQueriesService } from './signature-queries.service';
import { SignatureRequestEntity } from './signature-request.entity';
import { SignatureRequestsService } from './signature-requests.service';
import { SignaturesController } from './signatures.controller';
import { SIGNING_LINK_KEYS, SigningLinkKeys } from './signing-link-keys';

function createLinkKeys(config: AppConfig): SigningLinkKeys {
  const secret = config.env.SIGNING_LINK_SECRET;
  return new SigningLinkKeys(
    secret ? Buffer.from(secret, 'utf8') : localSecret(config.dataDir, 'signing-link'),
  );
}

@Module({})
export class SignaturesModule {
  /**
   * The API serves the routes (`GET /signatures/{id}` itself lives in the signing module, which answers
   * both the member and the signatory); every process that runs jobs has the reminder and expiry sweeps.
   */
  static forRoot(options: { http: boolean }): DynamicModule {
    return {
      module: SignaturesModule,
      imports: [TypeOrmModule.forFeature([SignatureRequestEntity, SignatoryEntity]), DocumentsModule],
      controllers: options.http ? [SignaturesController] : [],
      providers: [
        { provide: SIGNING_LINK_KEYS, inject: [AppConfig], useFactory: createLinkKeys },
        ExpiryService,
        InvitationsService,
        RemindersService,
        SignatureQueriesService,
        SignatureRequestsService,
      ],
      exports: [InvitationsService, SignatureQueriesService, SIGNING_LINK_KEYS],
    };
  }
}
