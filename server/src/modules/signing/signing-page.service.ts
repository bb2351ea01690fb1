import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import { ErrorCode, OTP_RESEND_MS, type SigningPageData, type SigningPageStatus } from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { type ClientInfo } from '../../common/client-info.decorator';
import { AuditService } from '../audit/audit.service';
import { senderName } from '../signatures/signature-access';
import { type SignatureRequestEntity } from '../signatures/signature-request.entity';
import { UsersService } from '../users/users.service';
import { assertNotClosed, isTurnOf, resolveSigningLink } from './signatory-link';
import { signatoryActor } from './signing-rules';
import { SignatureRequestStore } from '../signatures/signature-request-store';

function pageStatus(request: SignatureRequestEntity): SigningPageStatus {
  switch (request.status) {
    case 'INIT':
    case 'IN_PROGRESS':
      return 'IN_PROGRESS';
    case 'UPDATING_DOCUMENT':
    case 'SIGNED':
      return request.status;
    case 'CANCELLED':
    case 'DECLINED':
    case 'EXPIRED':
      return 'CANCEL';
  }
}

/** The signing link's own address of its document (see DocumentDeliveryService), relative to the origin. */
export function signingDocumentPath(requestId: string, key: string): string {
  return `/api/signatures/${requestId}/document?key=${encodeURIComponent(key)}`;
}

/** What a signing link shows: the document as it stands (the sealed one once SIGNED) and the signatory. */
@Injectable()
export class SigningPageService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly users: UsersService,
    private readonly requests: SignatureRequestStore,
  ) {}

  async pageData(requestId: string, key: string, client: ClientInfo): Promise<SigningPageData> {
    const party = await resolveSigningLink(this.requests, this.dataSource.manager, requestId, key);
    const { request, signatory } = party;
    // Declined or expired: the link says so (410) rather than showing a document that can no longer be signed.
    assertNotClosed(party);
    const status = pageStatus(request);
    if (status === 'CANCEL') throw new AppException(ErrorCode.NOT_FOUND);
    const documentKey = status === 'SIGNED' ? request.signedDocumentKey : request.currentDocumentKey;
    if (!documentKey) throw new AppException(ErrorCode.NOT_FOUND);
    const downloadName = /\.pdf$/i.test(request.documentName)
      ? request.documentName
      : `${request.documentName}.pdf`;
    const [owner, lastCode] = await Promise.all([
      this.users.ownerOf(request.ownerId),
      this.dataSource.query<{ created_at: Date }[]>(
        `SELECT created_at FROM one_time_code WHERE signatory_id = $1 ORDER BY created_at DESC LIMIT 1`,
        [signatory.id],
      ),
    ]);
    // Opening the link while there is something to sign is evidence; the page's polling after signing is not.
    // This is the request's data only: the document's delivery and its display are recorded on their own.
    if (status === 'IN_PROGRESS' && signatory.status !== 'SIGNED') {
      await this.audit.record({ requestId: request.id, event: 'VIEW', actor: signatoryActor(party, client) });
    }
    const nextAllowed = lastCode[0] ? new Date(lastCode[0].created_at).getTime() + OTP_RESEND_MS : 0;
    return {
      signatureId: request.id,
      signatureTitle: request.title,
      documentName: downloadName,
      documentUrl: signingDocumentPath(request.id, key),
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
      expiresAt: request.expiresAt.toISOString(),
    };
  }
}
