import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager } from 'typeorm';
import { type Locale } from '@esign/shared';
import { type DocumentUsage } from '../documents/document-usage.port';

/** The statuses in which a request holds its document: sent, being sealed or sealed. */
const HOLDING_STATUSES = ['IN_PROGRESS', 'UPDATING_DOCUMENT', 'SIGNED'];

export interface SignatoryOutcome {
  signedAt: Date;
  location: string;
  consents: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
  certificateSerial: string | null;
  certificateFingerprint: string | null;
  signedRevisionSha256: string;
}

export interface SealedRecord {
  id: string;
  title: string;
  sealedAt: Date;
  finalSha256: string;
}

/**
 * The one place that writes a request's life-cycle columns and the signatory's outcome for the other
 * modules: signing (a revision signed, a decline, the move to sealing and the seal), verification (a
 * sealed file found by its hash) and documents (is this document held by a request). Each write is a
 * guarded UPDATE so that a retried job or a second tab changes nothing twice; those that take a manager
 * run inside the caller's transaction.
 */
@Injectable()
export class SignatureRequestStore implements DocumentUsage {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async status(requestId: string): Promise<string | undefined> {
    const [row] = await this.dataSource.query<{ status: string }[]>(
      `SELECT status FROM signature_request WHERE id = $1`,
      [requestId],
    );
    return row?.status;
  }

  /** An ADVANCED signature added a revision: the working copy moves to it. */
  async recordRevision(
    manager: EntityManager,
    requestId: string,
    key: string,
    sha256: string,
  ): Promise<void> {
    await manager.query(
      `UPDATE signature_request SET current_document_key = $2, current_document_sha256 = $3, revision = revision + 1,
              updated_at = now() WHERE id = $1`,
      [requestId, key, sha256],
    );
  }

  /** A code was accepted: the signatory's run of wrong codes starts again. */
  async clearCodeFailures(manager: EntityManager, signatoryId: string): Promise<void> {
    await manager.query(`UPDATE signatory SET otp_failures = 0 WHERE id = $1`, [signatoryId]);
  }

  /** One more wrong or stale code in a row; the signatory locks at `lockAfter`. */
  async countCodeFailure(
    manager: EntityManager,
    signatoryId: string,
    lockAfter: number,
  ): Promise<{ failures: number; locked: boolean } | undefined> {
    const [rows] = await manager.query<[{ otp_failures: number; locked: boolean }[], number]>(
      `UPDATE signatory SET otp_failures = otp_failures + 1,
              otp_locked_at = CASE WHEN otp_failures + 1 >= $2 THEN now() ELSE otp_locked_at END
        WHERE id = $1 RETURNING otp_failures, otp_locked_at IS NOT NULL AS locked`,
      [signatoryId, lockAfter],
    );
    const row = rows[0];
    return row ? { failures: row.otp_failures, locked: row.locked } : undefined;
  }

  /** The signatory's signature, with what the evidence pages print about it. */
  async markSigned(manager: EntityManager, signatoryId: string, signature: SignatoryOutcome): Promise<void> {
    await manager.query(
      `UPDATE signatory SET status = 'SIGNED', signed_at = $2, location = $3, consents = $4, signed_ip = $5,
              signed_user_agent = $6, certificate_serial = $7, certificate_fingerprint = $8, signed_revision_sha256 = $9
        WHERE id = $1`,
      [
        signatoryId,
        signature.signedAt,
        signature.location,
        JSON.stringify(signature.consents),
        signature.ip,
        signature.userAgent,
        signature.certificateSerial,
        signature.certificateFingerprint,
        signature.signedRevisionSha256,
      ],
    );
  }

  /** The language the signatory's page was last read in: their next messages use it. */
  async rememberLanguage(manager: EntityManager, signatoryId: string, language: Locale): Promise<void> {
    await manager.query(`UPDATE signatory SET language = $2 WHERE id = $1`, [signatoryId, language]);
  }

  /** The request and the signatory become DECLINED together; answers the moment recorded for both. */
  async decline(
    manager: EntityManager,
    requestId: string,
    signatoryId: string,
    reason: string,
  ): Promise<Date> {
    const [[row]] = await manager.query<[[{ declined_at: Date }], number]>(
      `UPDATE signature_request
          SET status = 'DECLINED', declined_at = now(), declined_by = $2, decline_reason = $3,
              next_reminder_at = NULL, updated_at = now()
        WHERE id = $1 RETURNING declined_at`,
      [requestId, signatoryId, reason],
    );
    const at = new Date(row.declined_at);
    await manager.query(`UPDATE signatory SET status = 'DECLINED', declined_at = $2 WHERE id = $1`, [
      signatoryId,
      at,
    ]);
    return at;
  }

  /**
   * Moves an IN_PROGRESS request whose signatories have all signed to UPDATING_DOCUMENT; answers false when
   * it is not complete or another transaction moved it first.
   */
  async startSealingIfComplete(manager: EntityManager, requestId: string): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, rowCount], RETURNING or not.
    const [rows] = await manager.query<[{ id: string }[], number]>(
      `UPDATE signature_request
          SET status = 'UPDATING_DOCUMENT', completed_at = now(), updating_since = now(), updated_at = now()
        WHERE id = $1 AND status = 'IN_PROGRESS'
          AND NOT EXISTS (SELECT 1 FROM signatory WHERE request_id = $1 AND status <> 'SIGNED')
        RETURNING id`,
      [requestId],
    );
    return rows.length > 0;
  }

  /**
   * Claims up to `batch` requests still open past their expiry date and makes them EXPIRED: one guarded
   * UPDATE (FOR UPDATE SKIP LOCKED, the condition checked again on the locked row), so sweeps running at the
   * same time on several workers close each once.
   */
  async expireDue(manager: EntityManager, batch: number): Promise<string[]> {
    const [rows] = await manager.query<[{ id: string }[], number]>(
      `UPDATE signature_request
          SET status = 'EXPIRED', expired_at = now(), next_reminder_at = NULL, updated_at = now()
        WHERE id IN (SELECT id FROM signature_request
                      WHERE status IN ('INIT', 'IN_PROGRESS') AND expires_at <= now()
                      ORDER BY expires_at
                      LIMIT $1
                      FOR UPDATE SKIP LOCKED)
          AND status IN ('INIT', 'IN_PROGRESS') AND expires_at <= now()
        RETURNING id`,
      [batch],
    );
    return rows.map((row) => row.id);
  }

  /** Moves the request's expiry date `days` later; answers the new date. */
  async extendExpiry(manager: EntityManager, requestId: string, days: number): Promise<Date> {
    const [[row]] = await manager.query<[[{ expires_at: Date }], number]>(
      `UPDATE signature_request SET expires_at = expires_at + make_interval(days => $2), updated_at = now()
        WHERE id = $1 RETURNING expires_at`,
      [requestId, days],
    );
    return new Date(row.expires_at);
  }

  /** The sealed file is stored: the request becomes SIGNED, once; false when it already was. */
  async markSealed(manager: EntityManager, requestId: string, key: string, sha256: string): Promise<boolean> {
    const [rows] = await manager.query<[{ id: string }[], number]>(
      `UPDATE signature_request SET status = 'SIGNED', sealed_at = now(), signed_document_key = $2, final_sha256 = $3,
              seal_error = NULL, updated_at = now()
        WHERE id = $1 AND status = 'UPDATING_DOCUMENT' RETURNING id`,
      [requestId, key, sha256],
    );
    return rows.length > 0;
  }

  /**
   * Claims the requests left sealing for longer than `minutes`, counting one more attempt on each; the
   * attempt that reaches `maxAttempts` records the failure. Rows another process holds are skipped.
   */
  async claimStuckSeals(
    manager: EntityManager,
    minutes: number,
    maxAttempts: number,
  ): Promise<{ id: string; sealAttempts: number }[]> {
    const [stuck] = await manager.query<[{ id: string; seal_attempts: number }[], number]>(
      `UPDATE signature_request SET updating_since = now(), seal_attempts = seal_attempts + 1,
              seal_error = CASE WHEN seal_attempts + 1 >= $2 THEN 'sealing failed' ELSE seal_error END
        WHERE id IN (SELECT id FROM signature_request WHERE status = 'UPDATING_DOCUMENT'
                       AND updating_since < now() - make_interval(mins => $1) AND seal_attempts < $2
                     FOR UPDATE SKIP LOCKED)
        RETURNING id, seal_attempts`,
      [minutes, maxAttempts],
    );
    return stuck.map((row) => ({ id: row.id, sealAttempts: row.seal_attempts }));
  }

  /** Sealed requests whose final file has one of these SHA-256 digests. */
  async findSealed(sha256s: string[]): Promise<SealedRecord[]> {
    const rows = await this.dataSource.query<
      { id: string; title: string; sealed_at: Date; final_sha256: string }[]
    >(
      `SELECT id, title, sealed_at, final_sha256 FROM signature_request WHERE final_sha256 = ANY($1) AND status = 'SIGNED'`,
      [sha256s],
    );
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      sealedAt: new Date(row.sealed_at),
      finalSha256: row.final_sha256,
    }));
  }

  async isHeld(documentId: string): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM signature_request WHERE document_id = $1 AND status = ANY($2) LIMIT 1`,
      [documentId, HOLDING_STATUSES],
    );
    return rows.length > 0;
  }

  async referenced(manager: EntityManager, documentIds: string[]): Promise<Set<string>> {
    if (documentIds.length === 0) return new Set();
    const rows = await manager.query<{ document_id: string }[]>(
      `SELECT DISTINCT document_id FROM signature_request WHERE document_id = ANY($1::uuid[])`,
      [documentIds],
    );
    return new Set(rows.map((row) => row.document_id));
  }
}
