import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager } from 'typeorm';
import {
  ErrorCode,
  normalizeMobile,
  normalizeOtpInput,
  OTP_MAX_ATTEMPTS_PER_CODE,
  OTP_MAX_FAILURES_BEFORE_LOCK,
  type OtpFailure,
  type SignDocumentDetails,
  type SigningConsent,
  type SigningPageStatus,
} from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { type ClientInfo } from '../../common/client-info.decorator';
import { signingMessages } from '../../i18n/signing-messages';
import { AuditService } from '../audit/audit.service';
import { JobQueue } from '../jobs/job-queue.service';
import { OutboxService } from '../outbox/outbox.service';
import { InvitationsService } from '../signatures/invitations.service';
import { senderName } from '../signatures/signature-access';
import { SignatureRequestStore } from '../signatures/signature-request-store';
import { type SignatoryEntity } from '../signatures/signatory.entity';
import { UsersService } from '../users/users.service';
import { type SignDto } from './dto/sign.dto';
import { DocumentDeliveryService } from './document-delivery.service';
import { oneTimeCodeMatches } from './one-time-codes';
import { OTP_SECRET } from './one-time-code.service';
import { SIGNATURE_APPLIER, type SignatureApplier } from './signature-applier';
import { resolveSigningLink, type SigningParty } from './signatory-link';
import { assertMaySign, signatoryActor } from './signing-rules';
import { SealingQueue } from './sealing-queue';
import { blockPlacement, type FramedSignatory } from '@esign/pdf-signing';
import {
  QualifiedProvider,
  QualifiedSigningError,
  type AuthorisationStart,
} from './qualified/qualified-provider';
import { QualifiedSessions } from './qualified/qualified-sessions';
import { OneTimeCodeStore, type OpenCode } from './one-time-code-store';
import { Metrics } from '../metrics/metrics.service';

/** What signing answers: the page's status, and for QUALIFIED where the signatory goes to authorise. */
export interface SignOutcome {
  status: SigningPageStatus;
  /** QUALIFIED: the provider's sign-in page; the signature is made after the signatory comes back. */
  qualifiedAuthorisationUrl?: string;
}

/** What a signature's mode adds to its SIGN_DOCUMENT event: what it signed, and how. */
export type SignatureEvidence = Omit<SignDocumentDetails, 'signatoryId' | 'location' | 'consents' | 'phone'>;

/** The text version of the consents, recorded with each signature (change it when the texts change). */
export const CONSENT_TEXT_VERSION = '2026-11';

/**
 * A refused code says what a person can do next: how many tries this code has left, or that wrong tries used
 * it up. The refusal is thrown once the transaction that counted the failure has committed.
 */
type CodeCheck = { ok: true } | { ok: false; refusal: AppException };

/**
 * Validating a code and signing, as one transaction under the request's row lock: signatures on one document
 * are applied one at a time whatever the flow, and the last one moves the request to UPDATING_DOCUMENT and
 * records the seal job exactly once. A wrong code's counters are committed before the refusal is answered.
 */
@Injectable()
export class SigningService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly invitations: InvitationsService,
    private readonly sealing: SealingQueue,
    private readonly jobs: JobQueue,
    private readonly deliveries: DocumentDeliveryService,
    @Inject(OTP_SECRET) private readonly secret: Buffer,
    @Inject(SIGNATURE_APPLIER) private readonly applier: SignatureApplier,
    private readonly requests: SignatureRequestStore,
    private readonly provider: QualifiedProvider,
    private readonly codes: OneTimeCodeStore,
    private readonly users: UsersService,
    private readonly metrics: Metrics,
  ) {}

  async sign(
    requestId: string,
    key: string | undefined,
    input: SignDto,
    client: ClientInfo,
  ): Promise<SignOutcome> {
    const { signatory, request } = await resolveSigningLink(
      this.requests,
      this.dataSource.manager,
      requestId,
      key,
    );
    await this.deliveries.settled(signatory.id);
    // A qualified signature continues at the provider: it must answer before the code is used up.
    const qualified =
      request.signingMode === 'QUALIFIED' ? await this.startAtProvider(request.language) : undefined;
    const outcome = await this.dataSource.transaction(async (manager) => {
      const party = await resolveSigningLink(this.requests, manager, requestId, key, true);
      assertMaySign(party);
      if (normalizeMobile(input.phoneNumber) !== party.signatory.mobile) {
        throw new AppException(ErrorCode.VALIDATION_FAILED, { phoneNumber: 'validation.phoneMismatch' });
      }
      // A code was only sent to a link that had received the current revision; the signature records the
      // link's last complete delivery (in a CONCURRENT flow of ADVANCED signatures, another signatory may have
      // added theirs since: the content approved is the same, and the evidence says which bytes were received).
      const delivery = await this.deliveries.lastDelivery(manager, party.signatory.id);
      if (!delivery) throw new AppException(ErrorCode.DOCUMENT_NOT_DELIVERED);
      const check = await this.checkCode(manager, party, normalizeOtpInput(input.code), client);
      if (!check.ok) return check;
      if (qualified) {
        await this.openQualifiedSession(manager, party, input, client, delivery, qualified);
        return check;
      }
      await this.applySignature(manager, party, input, client, delivery);
      await this.advance(manager, party);
      return check;
    });
    this.jobs.nudge();
    this.metrics.codeChecked(
      outcome.ok ? 'valid' : outcome.refusal.code === ErrorCode.OTP_INVALID ? 'wrong' : 'expired',
    );
    if (!outcome.ok) throw outcome.refusal;
    if (!qualified) this.metrics.signatureRecorded(request.signingMode);
    if (qualified) return { status: 'IN_PROGRESS', qualifiedAuthorisationUrl: qualified.authorisation.url };
    return { status: await this.pageStatus(requestId) };
  }

  async pageStatus(requestId: string): Promise<SigningPageStatus> {
    const status = await this.requests.status(requestId);
    return status === 'UPDATING_DOCUMENT' || status === 'SIGNED' ? status : 'IN_PROGRESS';
  }

  /** The provider answers, and the signatory's first authorisation (sign-in at the provider) is ready. */
  private async startAtProvider(
    language: string,
  ): Promise<{ provider: string; authorisation: AuthorisationStart }> {
    try {
      return {
        provider: await this.provider.reachable(),
        authorisation: await this.provider.serviceAuthorisation(language),
      };
    } catch (error) {
      if (error instanceof QualifiedSigningError) throw new AppException(ErrorCode.SERVICE_UNAVAILABLE);
      throw error;
    }
  }

  /** The code is validated: the round trip to the provider starts, recorded with its transaction id. */
  private async openQualifiedSession(
    manager: EntityManager,
    party: SigningParty,
    input: SignDto,
    client: ClientInfo,
    delivery: { id: string; documentSha256: string },
    qualified: { provider: string; authorisation: AuthorisationStart },
  ): Promise<void> {
    const transactionId = await QualifiedSessions.open(manager, {
      requestId: party.request.id,
      signatoryId: party.signatory.id,
      stateSha256: qualified.authorisation.stateSha256,
      codeVerifier: qualified.authorisation.verifier,
      location: input.location,
      consents: { ...input.consents },
      deliveryId: delivery.id,
      deliveredSha256: delivery.documentSha256,
      clientIp: client.ip,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
    });
    await this.audit.record(
      {
        requestId: party.request.id,
        event: 'QUALIFIED_AUTHORISATION',
        actor: signatoryActor(party, client),
        details: {
          signatoryId: party.signatory.id,
          step: 'sign-in',
          provider: qualified.provider,
          transactionId,
        },
      },
      manager,
    );
  }

  private async checkCode(
    manager: EntityManager,
    party: SigningParty,
    code: string,
    client: ClientInfo,
  ): Promise<CodeCheck> {
    const { request, signatory } = party;
    const row = await this.codes.lockOpen(manager, signatory.id);
    const binding = {
      requestId: request.id,
      signatoryId: signatory.id,
      phone: signatory.mobile,
      documentSha256: request.documentSha256,
    };
    if (!row || row.expired) {
      await this.recordFailure(manager, party, row, 'expired', client);
      return row
        ? { ok: false, refusal: new AppException(ErrorCode.OTP_EXPIRED) }
        : this.noUsableCode(manager, signatory.id);
    }
    if (!oneTimeCodeMatches(this.secret, code, binding, row.code_mac)) {
      await this.recordFailure(manager, party, row, 'wrong', client);
      const attemptsLeft = Math.max(0, OTP_MAX_ATTEMPTS_PER_CODE - (row.failed_attempts + 1));
      return { ok: false, refusal: new AppException(ErrorCode.OTP_INVALID, undefined, { attemptsLeft }) };
    }
    if (!(await this.codes.markUsed(manager, row.id))) {
      return { ok: false, refusal: new AppException(ErrorCode.OTP_EXPIRED) };
    }
    await this.requests.clearCodeFailures(manager, signatory.id);
    await this.audit.record(
      {
        requestId: request.id,
        event: 'POST_OTP',
        actor: signatoryActor(party, client),
        details: { codeId: row.id },
      },
      manager,
    );
    return { ok: true };
  }

  /** No code to check: none sent, or the latest one expired, was used, or was used up by wrong tries. */
  private async noUsableCode(manager: EntityManager, signatoryId: string): Promise<CodeCheck> {
    const usedUp = await this.codes.latestUsedUp(manager, signatoryId, OTP_MAX_ATTEMPTS_PER_CODE);
    const refusal = usedUp
      ? new AppException(ErrorCode.OTP_EXPIRED, undefined, { usedUpByWrongCodes: true })
      : new AppException(ErrorCode.OTP_EXPIRED);
    return { ok: false, refusal };
  }

  /** One wrong try: the code burns after 5, the signatory locks after 10 in a row and the sender is told. */
  private async recordFailure(
    manager: EntityManager,
    party: SigningParty,
    row: OpenCode | undefined,
    reason: OtpFailure,
    client: ClientInfo,
  ): Promise<void> {
    const { request, signatory } = party;
    if (row && reason === 'wrong') await this.codes.countWrongTry(manager, row.id, OTP_MAX_ATTEMPTS_PER_CODE);
    const failures = await this.requests.countCodeFailure(
      manager,
      signatory.id,
      OTP_MAX_FAILURES_BEFORE_LOCK,
    );
    await this.audit.record(
      {
        requestId: request.id,
        event: 'INVALID_OTP',
        actor: signatoryActor(party, client),
        details: {
          reason,
          codeId: row?.id ?? null,
          failures: failures?.failures ?? null,
          locked: failures?.locked ?? false,
        },
      },
      manager,
    );
    if (failures?.locked && failures.failures === OTP_MAX_FAILURES_BEFORE_LOCK) {
      const owner = await this.users.ownerOf(request.ownerId, manager);
      const messages = signingMessages(owner.language).locked;
      await this.outbox.send(
        {
          channel: 'email',
          to: owner.email,
          subject: messages.subject(request.title),
          body: messages.body({ signatoryName: signatory.name, title: request.title }),
        },
        manager,
      );
    }
  }

  private async applySignature(
    manager: EntityManager,
    party: SigningParty,
    input: SignDto,
    client: ClientInfo,
    delivery: { id: string; documentSha256: string },
  ): Promise<void> {
    const { request, signatory, signatories } = party;
    const [{ now }] = await manager.query<[{ now: Date }]>(`SELECT date_trunc('milliseconds', now()) AS now`);
    const signingTime = new Date(now);
    let evidence: SignatureEvidence = {
      signingMode: request.signingMode,
      documentSha256: request.documentSha256,
      // The link's last complete delivery of the document before signing.
      deliveryId: delivery.id,
      deliveredSha256: delivery.documentSha256,
    };
    let revisionSha256 = request.currentDocumentSha256 ?? request.documentSha256;
    if (request.signingMode === 'ADVANCED') {
      const result = await this.applier.applyAdvancedSignature({
        requestId: request.id,
        currentDocumentKey: request.currentDocumentKey ?? '',
        currentDocumentSha256: revisionSha256,
        nextRevision: request.revision + 1,
        signatory: {
          id: signatory.id,
          name: signatory.name,
          role: signatory.role,
          placement: blockPlacement(placedSignatory(signatory), signatories.map(placedSignatory)),
        },
        signatureSize: request.signatureSize,
        location: input.location,
        signingTime,
        language: request.language,
      });
      await this.requests.recordRevision(manager, request.id, result.revisionKey, result.revisionSha256);
      evidence = {
        ...evidence,
        certificateSerial: result.certificateSerial,
        certificateFingerprint: result.certificateFingerprint,
        signedRevisionSha256: result.revisionSha256,
        previousRevisionSha256: revisionSha256,
      };
      revisionSha256 = result.revisionSha256;
      signatory.certificateSerial = result.certificateSerial;
      signatory.certificateFingerprint = result.certificateFingerprint;
    }
    await this.recordSignature(manager, party, {
      signingTime,
      location: input.location,
      consents: input.consents,
      client,
      evidence,
      revisionSha256,
    });
  }

  /**
   * The signatory's act, whatever the mode: their row SIGNED with where, when, which consents and which
   * revision, and the SIGN_DOCUMENT event with the evidence. `party.signatory` carries any certificate.
   */
  async recordSignature(
    manager: EntityManager,
    party: SigningParty,
    signed: {
      signingTime: Date;
      location: string;
      consents: Record<SigningConsent, boolean>;
      client: ClientInfo;
      evidence: SignatureEvidence;
      revisionSha256: string;
    },
  ): Promise<void> {
    const { request, signatory } = party;
    const consents = {
      ...signed.consents,
      textVersion: CONSENT_TEXT_VERSION,
      acceptedAt: signed.signingTime.toISOString(),
    };
    await this.requests.markSigned(manager, signatory.id, {
      signedAt: signed.signingTime,
      location: signed.location,
      consents,
      ip: signed.client.ip,
      userAgent: signed.client.userAgent?.slice(0, 512) ?? null,
      certificateSerial: signatory.certificateSerial,
      certificateFingerprint: signatory.certificateFingerprint,
      signedRevisionSha256: signed.revisionSha256,
    });
    signatory.status = 'SIGNED';
    await this.audit.record(
      {
        requestId: request.id,
        event: 'SIGN_DOCUMENT',
        actor: signatoryActor(party, signed.client),
        details: {
          signatoryId: signatory.id,
          ...signed.evidence,
          location: signed.location,
          consents,
          phone: signatory.mobile,
        },
      },
      manager,
    );
  }

  /** Invites the next signatory of a sequence, or, when everyone has signed, hands the document to sealing. */
  async advance(manager: EntityManager, party: SigningParty): Promise<void> {
    const { request, signatories } = party;
    const remaining = signatories.filter((s) => s.status !== 'SIGNED');
    if (remaining.length > 0) {
      const next = remaining[0];
      if (request.signingFlow === 'SEQUENCE' && next && next.status === 'WAITING') {
        const owner = await this.users.ownerOf(request.ownerId, manager);
        await this.invitations.invite(manager, request, [next], senderName(owner));
      }
      return;
    }
    await this.sealing.queueIfComplete(manager, request.id);
  }
}

export function placedSignatory(signatory: SignatoryEntity): FramedSignatory {
  return {
    id: signatory.id,
    order: signatory.order,
    page: signatory.placementPage,
    position: signatory.placementPosition,
    frame: signatory.frame,
  };
}
