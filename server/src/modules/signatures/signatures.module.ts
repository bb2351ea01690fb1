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

/**
 * Imported as is by the signing module, which uses the invitations, the queries and the link keys; the
 * application adds the routes and the reminder and expiry sweeps with forRoot (there only, so each job has one
 * processor). `GET /signatures/{id}` itself lives in the signing module, which answers both the member and the
 * signatory.
 */
@Module({
  imports: [TypeOrmModule.forFeature([SignatureRequestEntity, SignatoryEntity]), DocumentsModule],
  providers: [
    { provide: SIGNING_LINK_KEYS, inject: [AppConfig], useFactory: createLinkKeys },
    InvitationsService,
    SignatureQueriesService,
  ],
  exports: [InvitationsService, SignatureQueriesService, SIGNING_LINK_KEYS],
})
export class SignaturesModule {
  static forRoot(options: { http: boolean }): DynamicModule {
    return {
      module: SignaturesModule,
      controllers: options.http ? [SignaturesController] : [],
      providers: [ExpiryService, RemindersService, SignatureRequestsService],
    };
  }
}
