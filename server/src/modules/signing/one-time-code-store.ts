import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type RequestClosing } from '../signatures/request-closing.port';

/** A code as it is stored: its HMAC only, never the code. */
export interface NewOneTimeCode {
  requestId: string;
  signatoryId: string;
  phone: string;
  documentSha256: string;
  codeMac: Buffer;
  validityMs: number;
  outboxMessageId: string;
}

/** The code a signatory may still use: their latest one neither used nor voided. */
export interface OpenCode {
  id: string;
  code_mac: Buffer;
  failed_attempts: number;
  expired: boolean;
}

/**
 * `one_time_code`'s rows: every change to a code happens here, each named for what it is. The signatures
 * module voids a closing request's codes through the RequestClosing port, which this store answers.
 */
@Injectable()
export class OneTimeCodeStore implements RequestClosing {
  /** A new code for the signatory, voiding the ones they had not used: a new code always replaces the last. */
  async issue(
    manager: EntityManager,
    code: NewOneTimeCode,
  ): Promise<{ id: string; createdAt: Date; expiresAt: Date }> {
    await manager.query(
      `UPDATE one_time_code SET voided_at = now() WHERE signatory_id = $1 AND used_at IS NULL AND voided_at IS NULL`,
      [code.signatoryId],
    );
    const [row] = await manager.query<{ id: string; created_at: Date; expires_at: Date }[]>(
      `INSERT INTO one_time_code (request_id, signatory_id, phone, document_sha256, code_mac, expires_at, outbox_message_id)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6::double precision / 1000), $7)
       RETURNING id, created_at, expires_at`,
      [
        code.requestId,
        code.signatoryId,
        code.phone,
        code.documentSha256,
        code.codeMac,
        code.validityMs,
        code.outboxMessageId,
      ],
    );
    if (!row) throw new Error('one-time code not stored');
    return { id: row.id, createdAt: new Date(row.created_at), expiresAt: new Date(row.expires_at) };
  }

  /** The signatory's open code, locked until the caller's transaction ends: one check at a time. */
  async lockOpen(manager: EntityManager, signatoryId: string): Promise<OpenCode | undefined> {
    const [row] = await manager.query<OpenCode[]>(
      `SELECT id, code_mac, failed_attempts, expires_at <= now() AS expired FROM one_time_code
        WHERE signatory_id = $1 AND used_at IS NULL AND voided_at IS NULL
        ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [signatoryId],
    );
    return row;
  }

  /** Whether the signatory's latest code was voided by wrong tries (`maxAttempts` of them) rather than used. */
  async latestUsedUp(manager: EntityManager, signatoryId: string, maxAttempts: number): Promise<boolean> {
    const [latest] = await manager.query<{ used_up: boolean }[]>(
      `SELECT voided_at IS NOT NULL AND used_at IS NULL AND failed_attempts >= $2 AS used_up
         FROM one_time_code WHERE signatory_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [signatoryId, maxAttempts],
    );
    return latest?.used_up === true;
  }

  /** Uses the code once; false when it was used meanwhile. */
  async markUsed(manager: EntityManager, codeId: string): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, rowCount], RETURNING or not.
    const [used] = await manager.query<[{ id: string }[], number]>(
      `UPDATE one_time_code SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id`,
      [codeId],
    );
    return used.length > 0;
  }

  /** One wrong try on the code: voided once it reaches `maxAttempts`. */
  async countWrongTry(manager: EntityManager, codeId: string, maxAttempts: number): Promise<void> {
    await manager.query(
      `UPDATE one_time_code SET failed_attempts = failed_attempts + 1,
              voided_at = CASE WHEN failed_attempts + 1 >= $2 THEN now() ELSE voided_at END
        WHERE id = $1`,
      [codeId, maxAttempts],
    );
  }

  /** Voids every code of the request not used yet: it can no longer be signed (declined, expired). */
  async closed(manager: EntityManager, requestId: string): Promise<void> {
    await manager.query(
      `UPDATE one_time_code SET voided_at = now() WHERE request_id = $1 AND used_at IS NULL AND voided_at IS NULL`,
      [requestId],
    );
  }
}
