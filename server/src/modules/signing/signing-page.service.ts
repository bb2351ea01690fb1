import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import { ErrorCode, OTP_RESEND_MS, type SigningPageData, type SigningPageStatus } from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { type ClientInfo } from '../../common/client-info.decorator';
import { AuditService } from '../audit/audit.service';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage.port';
import { senderName } from '../signatures/signature-access';
import { type SignatureRequestEntity } from '../signatures/signature-request.entity';
import { UserEntity } from '../users/user.entity';
import { isTurnOf, resolveSigningLink } from './signatory-link';
import { signatoryActor } from './signing-rules';

const DOCUMENT_URL_SECONDS = 300;

function pageStatus(request: SignatureRequestEntity): SigningPageStatus {
  switch (request.status) {
    case 'INIT':
    case 'IN_PROGRESS':
      return 'IN_PROGRESS';
    case 'UPDATING_DOCUMENT':
    case 'SIGNED':
      return request.status;
    case 'CANCELLED':
      return 'CANCEL';
  }
}

/** What a signing link shows: the document as it stands (the sealed one once SIGNED) and the signatory. */
@Injectable()
export class SigningPageService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async pageData(requestId: string, key: string, client: ClientInfo): Promise<SigningPageData> {
    const party = await resolveSigningLink(this.dataSource.manager, requestId, key);
    const { request, signatory } = party;
    const status = pageStatus(request);
    if (status === 'CANCEL') throw new AppException(ErrorCode.NOT_FOUND);
    const documentKey = status === 'SIGNED' ? request.signedDocumentKey : request.currentDocumentKey;
    if (!documentKey) throw new AppException(ErrorCode.NOT_FOUND);
    const downloadName = /\.pdf$/i.test(request.documentName)
      ? request.documentName
      : `${request.documentName}.pdf`;
    const [documentUrl, owner, lastCode] = await Promise.all([
      this.storage.createDownloadUrl(documentKey, {
        downloadName,
        contentType: 'application/pdf',
        expiresInSeconds: DOCUMENT_URL_SECONDS,
      }),
      this.dataSource.getRepository(UserEntity).findOneByOrFail({ id: request.ownerId }),
      this.dataSource.query<{ created_at: Date }[]>(
        `SELECT created_at FROM one_time_code WHERE signatory_id = $1 ORDER BY created_at DESC LIMIT 1`,
        [signatory.id],
      ),
    ]);
    // Views while there is something to sign are evidence; the page's polling after signing is not.
    if (status === 'IN_PROGRESS' && signatory.status !== 'SIGNED') {
      await this.audit.record({ requestId: request.id, event: 'VIEW', actor: signatoryActor(party, client) });
    }
    const nextAllowed = lastCode[0] ? new Date(lastCode[0].created_at).getTime() + OTP_RESEND_MS : 0;
    return {
      signatureId: request.id,
      signatureTitle: request.title,
      documentName: downloadName,
      documentUrl,
      status,
      signingMode: request.signingMode,
      signingFlow: request.signingFlow,
      language: request.language,
      senderName: senderName(owner),
      signatory: {
        signatoryFullName: signatory.name,
        signatoryMobile: signatory.mobile,
        signatorySigningStatus: signatory.status === 'SIGNED' ? 'SIGNED' : 'NOT_SIGNED',
        isTurn: isTurnOf(party) && signatory.status !== 'WAITING',
      },
      nextOtpAllowedAt: nextAllowed > Date.now() ? new Date(nextAllowed).toISOString() : null,
    };
  }
}
