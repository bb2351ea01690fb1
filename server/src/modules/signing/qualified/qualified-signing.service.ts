import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, X509Certificate } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { blockPlacement } from '@esign/pdf-signing';
import { QUALIFIED_FAILURES } from '@esign/shared';
import { AppException } from '../../../common/app-exception';
import { AuditService, type AuditActor } from '../../audit/audit.service';
import { JobQueue } from '../../jobs/job-queue.service';
import { Metrics } from '../../metrics/metrics.service';
import { SignatureRequestStore } from '../../signatures/signature-request-store';
import { OBJECT_STORAGE, type ObjectStorage } from '../../storage/object-storage.port';
import { revisionKey } from '../built-in-signature-applier';
import { signatureBlockLines, signatureBlockTexts } from '../pdf-work/signing-texts';
import { resolveSignatory, type SigningParty } from '../signatory-link';
import { assertMaySign } from '../signing-rules';
import { SigningService, placedSignatory } from '../signing.service';
import {
  QualifiedProvider,
  QualifiedSigningError,
  stateDigest,
  type QualifiedFailure,
} from './qualified-provider';
import { QUALIFIED_SESSION_MINUTES, QualifiedSessions, type QualifiedSession } from './qualified-sessions';

/** What the provider's redirect brings back (RFC 6749 §4.1.2): a code, or an error, with the state. */
export interface ProviderAnswer {
  code?: string;
  state?: string;
  error?: string;
}

/** How a round trip to the provider ends, as counted: signed, a failure's reason, or an unknown state. */
const QUALIFIED_OUTCOMES: readonly string[] = ['signed', 'invalid_state', ...QUALIFIED_FAILURES];

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * The signatory's returns from the provider. After the sign-in: their qualified credential is chosen, the
 * signature's update is prepared on the current revision, and they are sent to authorise its hash. After
 * that authorisation: the provider signs the hash, the value is checked and embedded, and the signature is
 * recorded as any other, under the request's lock. Every failure is recorded and said; nothing is embedded
 * unless it verifies, and the request stays signable.
 */
@Injectable()
export class QualifiedSigningService {
  private readonly logger = new Logger('QualifiedSigning');
  /**
   * Sign-in tokens by round trip, for the provider's time-stamp at the end: in this process's memory only,
   * for at most the round trip's lifetime (another process, or a restart, uses the platform's time-stamp).
   */
  private readonly serviceTokens = new Map<string, { token: string; until: number }>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly provider: QualifiedProvider,
    private readonly signing: SigningService,
    private readonly requests: SignatureRequestStore,
    private readonly audit: AuditService,
    private readonly jobs: JobQueue,
    private readonly metrics: Metrics,
  ) {}

  /** Where to send the browser: the provider's next page, or the signing page with the outcome. */
  async answer(answer: ProviderAnswer): Promise<string> {
    const session = answer.state
      ? await QualifiedSessions.take(this.dataSource.manager, stateDigest(answer.state))
      : undefined;
    if (!session) {
      this.metrics.qualifiedSessionEnded('invalid_state', QUALIFIED_OUTCOMES);
      return this.page(undefined, 'invalid_state');
    }
    try {
      if (session.expired) throw new QualifiedSigningError('expired', 'the round trip took too long');
      if (answer.error || !answer.code) {
        throw new QualifiedSigningError(
          answer.error === 'access_denied' ? 'cancelled' : 'refused',
          `the provider answered ${answer.error ?? 'without a code'}`,
        );
      }
      if (session.phase === 'service') return await this.afterSignIn(session, answer.code);
      await this.afterAuthorisation(session, answer.code);
      this.metrics.qualifiedSessionEnded('signed', QUALIFIED_OUTCOMES);
      this.metrics.signatureRecorded('QUALIFIED');
      this.jobs.nudge();
      return this.page(session.requestId, 'signed');
    } catch (error) {
      const reason = failureOf(error);
      if (!(error instanceof QualifiedSigningError)) {
        this.logger.error({ err: error, transactionId: session.id }, 'Qualified signature failed');
      }
      await this.fail(session, reason);
      this.metrics.qualifiedSessionEnded(reason, QUALIFIED_OUTCOMES);
      return this.page(session.requestId, reason);
    }
  }

  private async afterSignIn(session: QualifiedSession, code: string): Promise<string> {
    const credential = await this.provider.qualifiedCredential(code, session.codeVerifier);
    const party = await resolveSignatory(
      this.requests,
      this.dataSource.manager,
      session.requestId,
      session.signatoryId,
    );
    assertMaySign(party);
    const { request, signatory, signatories } = party;
    const current = await this.storage.get(request.currentDocumentKey ?? '');
    const baseRevisionSha256 = sha256(current);
    if (baseRevisionSha256 !== (request.currentDocumentSha256 ?? request.documentSha256)) {
      throw new Error(`the stored revision of request ${request.id} does not match its recorded hash`);
    }
    const [{ now }] = await this.dataSource.query<[{ now: Date }]>(
      `SELECT date_trunc('milliseconds', now()) AS now`,
    );
    const signingTime = new Date(now);
    const prepared = await this.provider.prepare(current, credential, {
      name: signatory.name,
      reason: signatureBlockTexts(request.language).qualifiedReason,
      location: session.location,
      signingTime,
      placement: blockPlacement(placedSignatory(signatory), signatories.map(placedSignatory)),
      signatureSize: request.signatureSize,
      lines: signatureBlockLines(
        { name: signatory.name, signedAt: signingTime, location: session.location },
        request.language,
        signatory.role,
      ),
    });
    const preparedKey = `documents/${request.id}/qualified-${session.id}.pdf`;
    await this.storage.put(preparedKey, prepared.pdf, 'application/pdf');
    this.forgetExpiredTokens();
    this.serviceTokens.set(session.id, {
      token: credential.serviceToken,
      until: Date.now() + QUALIFIED_SESSION_MINUTES * 60_000,
    });
    const next = await this.provider.credentialAuthorisation(
      credential.id,
      prepared.toBeSignedSha256,
      request.language,
    );
    const provider = await this.provider.name();
    await this.dataSource.transaction(async (manager) => {
      await QualifiedSessions.awaitCredential(manager, session.id, {
        stateSha256: next.stateSha256,
        codeVerifier: next.verifier,
        credentialId: credential.id,
        certificates: [credential.signer.certificateDer, ...credential.signer.chainDer],
        baseRevisionSha256,
        preparedKey,
        contentsOffset: prepared.contentsOffset,
        reservedBytes: prepared.reservedBytes,
        signedAttributes: prepared.signedAttributes,
        signingTime,
      });
      await this.audit.record(
        {
          requestId: request.id,
          event: 'QUALIFIED_AUTHORISATION',
          actor: this.actor(party, session),
          details: {
            signatoryId: signatory.id,
            step: 'signature',
            provider,
            transactionId: session.id,
            certificateSubject: credential.subject,
            certificateIssuer: credential.issuer,
            certificateSerial: credential.serialHex,
            toBeSignedSha256: prepared.toBeSignedSha256.toString('hex'),
          },
        },
        manager,
      );
    });
    return next.url;
  }

  private async afterAuthorisation(session: QualifiedSession, code: string): Promise<void> {
    const [certificateDer, ...chainDer] = session.certificates ?? [];
    if (!certificateDer || !session.preparedKey || !session.signedAttributes || !session.signingTime) {
      throw new QualifiedSigningError('invalid_state', 'the session has no prepared signature');
    }
    const signer = { certificateDer, chainDer };
    const prepared = {
      pdf: await this.storage.get(session.preparedKey),
      contentsOffset: session.contentsOffset ?? 0,
      reservedBytes: session.reservedBytes ?? 0,
      signedAttributes: session.signedAttributes,
    };
    const toBeSigned = createHash('sha256').update(session.signedAttributes).digest();
    const value = await this.provider.signHash(
      code,
      session.codeVerifier,
      { id: session.credentialId ?? '', signer },
      toBeSigned,
      session.id,
    );
    const serviceToken = this.serviceTokens.get(session.id);
    this.serviceTokens.delete(session.id);
    const { pdf: signed, timestampedBy } = await this.provider.complete(
      prepared,
      signer,
      value,
      serviceToken && serviceToken.until > Date.now() ? serviceToken.token : undefined,
    );
    const provider = await this.provider.name();
    await this.dataSource.transaction(async (manager) => {
      const party = await resolveSignatory(
        this.requests,
        manager,
        session.requestId,
        session.signatoryId,
        true,
      );
      assertMaySign(party);
      const { request, signatory } = party;
      const previous = request.currentDocumentSha256 ?? request.documentSha256;
      // Another signature landed meanwhile (a concurrent flow): this one was prepared on an older revision.
      if (previous !== session.baseRevisionSha256) {
        throw new QualifiedSigningError(
          'document_changed',
          'the document changed since the signature was prepared',
        );
      }
      const key = revisionKey(request.id, request.revision + 1);
      await this.storage.put(key, signed, 'application/pdf');
      const signedSha256 = sha256(signed);
      await this.requests.recordRevision(manager, request.id, key, signedSha256);
      signatory.certificateSerial = serialOf(certificateDer);
      signatory.certificateFingerprint = sha256(certificateDer);
      await this.signing.recordSignature(manager, party, {
        signingTime: session.signingTime ?? new Date(),
        location: session.location,
        consents: session.consents,
        client: { ip: session.clientIp, userAgent: session.userAgent },
        revisionSha256: signedSha256,
        evidence: {
          signingMode: request.signingMode,
          documentSha256: request.documentSha256,
          deliveryId: session.deliveryId,
          deliveredSha256: session.deliveredSha256,
          provider,
          transactionId: session.id,
          signatureTimestampBy: timestampedBy,
          certificateSerial: signatory.certificateSerial,
          certificateFingerprint: signatory.certificateFingerprint,
          signedRevisionSha256: signedSha256,
          previousRevisionSha256: previous,
        },
      });
      await QualifiedSessions.finish(manager, session.id, 'signed');
      await this.signing.advance(manager, party);
    });
    await this.forgetPrepared(session);
  }

  /** The prepared file served its purpose (embedded, or refused): nothing refers to it any more. */
  private async forgetPrepared(session: QualifiedSession): Promise<void> {
    if (!session.preparedKey) return;
    await this.storage.delete(session.preparedKey).catch((error: unknown) => {
      this.logger.warn({ err: error, transactionId: session.id }, 'Prepared file not deleted');
    });
  }

  private forgetExpiredTokens(): void {
    const now = Date.now();
    for (const [id, entry] of this.serviceTokens) if (entry.until <= now) this.serviceTokens.delete(id);
  }

  private async fail(session: QualifiedSession, reason: QualifiedFailure): Promise<void> {
    this.serviceTokens.delete(session.id);
    await this.forgetPrepared(session);
    await this.dataSource.transaction(async (manager) => {
      await QualifiedSessions.finish(manager, session.id, reason);
      const party = await resolveSignatory(
        this.requests,
        manager,
        session.requestId,
        session.signatoryId,
      ).catch(() => undefined);
      if (!party) return;
      await this.audit.record(
        {
          requestId: session.requestId,
          event: 'QUALIFIED_FAILED',
          actor: this.actor(party, session),
          details: { signatoryId: session.signatoryId, reason, transactionId: session.id },
        },
        manager,
      );
    });
  }

  private actor(party: SigningParty, session: QualifiedSession): AuditActor {
    return {
      type: 'SIGNATORY',
      id: party.signatory.id,
      name: party.signatory.name,
      ip: session.clientIp,
      userAgent: session.userAgent,
    };
  }

  /**
   * The signing page, told how the round trip ended; the page finds its link's key where it left it. A path on
   * the origin the browser came back to (the registered redirect URI's), whatever PUBLIC_URL says: the key is
   * kept per origin, so 127.0.0.1 and localhost must not be swapped on the way.
   */
  private page(requestId: string | undefined, outcome: 'signed' | QualifiedFailure): string {
    return `${requestId ? `/sign/${requestId}` : '/sign/'}?qualified=${outcome}`;
  }
}

function failureOf(error: unknown): QualifiedFailure {
  if (error instanceof QualifiedSigningError) return error.reason;
  // The request closed, or was signed, while the signatory was at the provider: no signature is in progress
  // any more, and the page, loaded again, says what became of the request.
  if (error instanceof AppException) return 'invalid_state';
  return 'unavailable';
}

function serialOf(certificateDer: Buffer): string {
  return new X509Certificate(certificateDer).serialNumber.toLowerCase();
}
