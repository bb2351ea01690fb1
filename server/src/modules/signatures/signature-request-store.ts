import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager } from 'typeorm';
import { type Locale } from '@esign/shared';
import { type DocumentUsage } from '../documents/document-usage.port';
import { type StaffRequests } from '../users/staff-requests.port';
import { SignatoryEntity } from './signatory.entity';
import { SignatureRequestEntity } from './signature-request.entity';

/** A new request's columns, as the member's input and the document give them. */
export type NewSignatureRequest = Omit<
  SignatureRequestEntity,
  'id' | 'createdAt' | 'updatedAt' | 'signatories' | 'status' | 'revision' | 'sealAttempts'
>;

/** A new signatory's columns; the store sets the state of one not invited yet. */
export type NewSignatory = Omit<
  SignatoryEntity,
  'id' | 'requestId' | 'request' | 'status' | 'reminderCount' | 'otpFailures'
>;

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
export class SignatureRequestStore implements DocumentUsage, StaffRequests {
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

  /** The request is now in the hands of `assigneeId` (someone of its agency, checked by the caller). */
  async assign(manager: EntityManager, requestId: string, assigneeId: string): Promise<void> {
    await manager.query(`UPDATE signature_request SET assignee_id = $2, updated_at = now() WHERE id = $1`, [
      requestId,
      assigneeId,
    ]);
  }

  async createdAny(userId: string): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM signature_request WHERE owner_id = $1 LIMIT 1`,
      [userId],
    );
    return rows.length > 0;
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

  // The member's side: creating, changing, sending, reminding and cancelling a request.

  /** A new request (INIT), with its first expiry date until `send` sets it from the database's clock. */
  add(manager: EntityManager, fields: Partial<NewSignatureRequest>): Promise<SignatureRequestEntity> {
    return manager.save(SignatureRequestEntity, { ...fields, status: 'INIT', revision: 0, sealAttempts: 0 });
  }

  /** Writes a request's changed content (the member edited it while nobody had signed). */
  async saveContent(manager: EntityManager, request: SignatureRequestEntity): Promise<void> {
    await manager.save(SignatureRequestEntity, request);
  }

  /** The request's signatories, none invited yet; they replace any it had. */
  async replaceSignatories(
    manager: EntityManager,
    requestId: string,
    signatories: Partial<NewSignatory>[],
  ): Promise<SignatoryEntity[]> {
    await manager.delete(SignatoryEntity, { requestId });
    return manager.save(
      SignatoryEntity,
      signatories.map((signatory) => ({
        ...signatory,
        requestId,
        status: 'WAITING' as const,
        reminderCount: 0,
        otpFailures: 0,
      })),
    );
  }

  /** The request can be signed until `days` days from now, by the database's clock; answers that date. */
  async setExpiryFromNow(manager: EntityManager, requestId: string, days: number): Promise<Date> {
    const [[row]] = await manager.query<[[{ expires_at: Date }], number]>(
      `UPDATE signature_request SET expires_at = now() + make_interval(days => $2) WHERE id = $1
       RETURNING expires_at`,
      [requestId, days],
    );
    return new Date(row.expires_at);
  }

  /** A signatory gets a new link key (kept as its salt and hash) and is INVITED. */
  async markInvited(manager: EntityManager, signatoryId: string, salt: Buffer, hash: Buffer): Promise<void> {
    await manager.query(
      `UPDATE signatory SET status = 'INVITED', invited_at = now(), key_salt = $2, key_hash = $3 WHERE id = $1`,
      [signatoryId, salt, hash],
    );
  }

  /** INIT → IN_PROGRESS once the invitations are out (a changed request keeps its first sending time). */
  async markSent(manager: EntityManager, requestId: string): Promise<void> {
    await manager.query(
      `UPDATE signature_request SET status = 'IN_PROGRESS', sent_at = coalesce(sent_at, now()), updated_at = now()
        WHERE id = $1`,
      [requestId],
    );
  }

  /** CANCELLED, every link voided. */
  async cancel(manager: EntityManager, requestId: string): Promise<void> {
    await manager.query(
      `UPDATE signature_request SET status = 'CANCELLED', cancelled_at = now(), updated_at = now() WHERE id = $1`,
      [requestId],
    );
    await manager.query(`UPDATE signatory SET key_salt = NULL, key_hash = NULL WHERE request_id = $1`, [
      requestId,
    ]);
  }

  /** The member reminded now: the next manual reminder waits `minutes`; answers when it may be sent. */
  async deferNextReminder(manager: EntityManager, requestId: string, minutes: number): Promise<Date> {
    const [[{ next }]] = await manager.query<[[{ next: Date }], number]>(
      `UPDATE signature_request SET next_reminder_at = now() + make_interval(mins => $2) WHERE id = $1
       RETURNING next_reminder_at AS next`,
      [requestId, minutes],
    );
    return new Date(next);
  }

  /** The member re-sent the signatory's link: counted, and it unlocks one locked by wrong codes. */
  async markRemindedByMember(manager: EntityManager, signatoryId: string): Promise<void> {
    await manager.query(
      `UPDATE signatory SET last_reminded_at = now(), reminder_count = reminder_count + 1, otp_failures = 0,
              otp_locked_at = NULL
        WHERE id = $1`,
      [signatoryId],
    );
  }

  /**
   * Claims up to `batch` invited signatories not reminded for `days` days (on requests still open), and
   * counts the reminder on each: one guarded UPDATE (FOR UPDATE SKIP LOCKED, the due condition checked on the
   * locked rows), so sweeps on several workers remind each once. Answers the claimed signatories' ids.
   */
  async claimDueReminders(manager: EntityManager, days: number, batch: number): Promise<string[]> {
    const [rows] = await manager.query<[{ id: string }[], number]>(
      `UPDATE signatory s SET last_reminded_at = now(), reminder_count = s.reminder_count + 1
        WHERE s.id IN (
          SELECT d.id FROM signatory d JOIN signature_request r ON r.id = d.request_id
           WHERE d.status = 'INVITED' AND r.status = 'IN_PROGRESS' AND d.key_hash IS NOT NULL
             AND r.expires_at > now()
             AND coalesce(d.last_reminded_at, d.invited_at) <= now() - make_interval(days => $1)
           ORDER BY coalesce(d.last_reminded_at, d.invited_at)
           LIMIT $2
           FOR UPDATE OF d SKIP LOCKED)
        RETURNING s.id`,
      [days, batch],
    );
    return rows.map((row) => row.id);
  }

  // The signing side's reads.

  /**
   * A request and its signatories in their order, with their link keys' hashes when `withKeys`; `lock` takes
   * the request's row for update, which serialises everything that changes one document.
   */
  async party(
    manager: EntityManager,
    requestId: string,
    options: { lock?: boolean; withKeys?: boolean } = {},
  ): Promise<{ request: SignatureRequestEntity | null; signatories: SignatoryEntity[] }> {
    const request = await manager.findOne(SignatureRequestEntity, {
      where: { id: requestId },
      ...(options.lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    const query = manager
      .createQueryBuilder(SignatoryEntity, 's')
      .where('s.request_id = :requestId', { requestId })
      .orderBy('s.sign_order', 'ASC');
    if (options.withKeys) query.addSelect('s.keyHash');
    return { request, signatories: await query.getMany() };
  }

  /** A request by its id, with its signatories in their order (for the seal). */
  async withSignatories(
    requestId: string,
  ): Promise<{ request: SignatureRequestEntity; signatories: SignatoryEntity[] } | null> {
    const { request, signatories } = await this.party(this.dataSource.manager, requestId);
    return request ? { request, signatories } : null;
  }
}
