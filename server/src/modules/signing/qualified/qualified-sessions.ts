import { randomBytes, randomUUID } from 'node:crypto';
import { type EntityManager } from 'typeorm';
import { type SigningConsent } from '@esign/shared';
import { type QualifiedFailure } from './qualified-provider';

/** How long a signatory has for both authorisations at the provider, from the code's validation. */
export const QUALIFIED_SESSION_MINUTES = 15;

/** One signatory's round trip to the provider, as stored between the redirects. */
export interface QualifiedSession {
  id: string;
  requestId: string;
  signatoryId: string;
  phase: 'service' | 'credential' | 'signed' | 'failed';
  codeVerifier: string;
  location: string;
  consents: Record<SigningConsent, boolean>;
  deliveryId: string;
  deliveredSha256: string;
  clientIp: string | null;
  userAgent: string | null;
  credentialId: string | null;
  certificates: Buffer[] | null;
  baseRevisionSha256: string | null;
  preparedKey: string | null;
  contentsOffset: number | null;
  reservedBytes: number | null;
  signedAttributes: Buffer | null;
  signingTime: Date | null;
  expired: boolean;
}

interface SessionRow {
  id: string;
  request_id: string;
  signatory_id: string;
  phase: QualifiedSession['phase'];
  code_verifier: string;
  location: string;
  consents: Record<SigningConsent, boolean>;
  delivery_id: string;
  delivered_sha256: string;
  client_ip: string | null;
  user_agent: string | null;
  credential_id: string | null;
  certificates: Buffer[] | null;
  base_revision_sha256: string | null;
  prepared_key: string | null;
  contents_offset: number | null;
  reserved_bytes: number | null;
  signed_attributes: Buffer | null;
  signing_time: Date | null;
  expired: boolean;
}

function toSession(row: SessionRow): QualifiedSession {
  return {
    id: row.id,
    requestId: row.request_id,
    signatoryId: row.signatory_id,
    phase: row.phase,
    codeVerifier: row.code_verifier,
    location: row.location,
    consents: row.consents,
    deliveryId: row.delivery_id,
    deliveredSha256: row.delivered_sha256,
    clientIp: row.client_ip,
    userAgent: row.user_agent,
    credentialId: row.credential_id,
    certificates: row.certificates,
    baseRevisionSha256: row.base_revision_sha256,
    preparedKey: row.prepared_key,
    contentsOffset: row.contents_offset,
    reservedBytes: row.reserved_bytes,
    signedAttributes: row.signed_attributes,
    signingTime: row.signing_time,
    expired: row.expired,
  };
}

/** The qualified_signing table: written only here. */
export const QualifiedSessions = {
  async open(
    manager: EntityManager,
    session: {
      requestId: string;
      signatoryId: string;
      stateSha256: Buffer;
      codeVerifier: string;
      location: string;
      consents: Record<SigningConsent, boolean>;
      deliveryId: string;
      deliveredSha256: string;
      clientIp: string | null;
      userAgent: string | null;
    },
  ): Promise<string> {
    const id = randomUUID();
    // A signatory has one round trip at a time: an earlier one left unfinished (another tab) ends here.
    await manager.query(
      `UPDATE qualified_signing SET phase = 'failed', failure = 'invalid_state', finished_at = now()
        WHERE signatory_id = $1 AND finished_at IS NULL`,
      [session.signatoryId],
    );
    await manager.query(
      `INSERT INTO qualified_signing (id, request_id, signatory_id, phase, state_sha256, code_verifier, location,
              consents, delivery_id, delivered_sha256, client_ip, user_agent, expires_at)
       VALUES ($1, $2, $3, 'service', $4, $5, $6, $7, $8, $9, $10, $11,
               now() + make_interval(mins => ${QUALIFIED_SESSION_MINUTES}))`,
      [
        id,
        session.requestId,
        session.signatoryId,
        session.stateSha256,
        session.codeVerifier,
        session.location,
        JSON.stringify(session.consents),
        session.deliveryId,
        session.deliveredSha256,
        session.clientIp,
        session.userAgent,
      ],
    );
    return id;
  },

  /**
   * Takes the session an answer's state names, once: the state is replaced at once, so a replayed answer
   * (the same code again, a second tab, a forged link) finds nothing.
   */
  async take(manager: EntityManager, stateSha256: Buffer): Promise<QualifiedSession | undefined> {
    const [rows] = await manager.query<[SessionRow[], number]>(
      `UPDATE qualified_signing SET state_sha256 = $2
        WHERE state_sha256 = $1 AND finished_at IS NULL AND phase IN ('service', 'credential')
        RETURNING *, expires_at <= now() AS expired`,
      [stateSha256, randomBytes(32)],
    );
    const [row] = rows;
    return row ? toSession(row) : undefined;
  },

  async awaitCredential(
    manager: EntityManager,
    id: string,
    next: {
      stateSha256: Buffer;
      codeVerifier: string;
      credentialId: string;
      certificates: Buffer[];
      baseRevisionSha256: string;
      preparedKey: string;
      contentsOffset: number;
      reservedBytes: number;
      signedAttributes: Buffer;
      signingTime: Date;
    },
  ): Promise<void> {
    await manager.query(
      `UPDATE qualified_signing SET phase = 'credential', state_sha256 = $2, code_verifier = $3, credential_id = $4,
              certificates = $5, base_revision_sha256 = $6, prepared_key = $7, contents_offset = $8,
              reserved_bytes = $9, signed_attributes = $10, signing_time = $11
        WHERE id = $1`,
      [
        id,
        next.stateSha256,
        next.codeVerifier,
        next.credentialId,
        next.certificates,
        next.baseRevisionSha256,
        next.preparedKey,
        next.contentsOffset,
        next.reservedBytes,
        next.signedAttributes,
        next.signingTime,
      ],
    );
  },

  async finish(manager: EntityManager, id: string, outcome: 'signed' | QualifiedFailure): Promise<void> {
    await manager.query(
      `UPDATE qualified_signing SET phase = $2, failure = $3, finished_at = now() WHERE id = $1`,
      [id, outcome === 'signed' ? 'signed' : 'failed', outcome === 'signed' ? null : outcome],
    );
  },
};
