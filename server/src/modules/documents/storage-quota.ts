import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { ErrorCode } from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { AppConfig } from '../../config/app-config';

const MIB = 1024 * 1024;
/** First key of the advisory locks that serialise each member's quota checks (the second is the member's). */
const QUOTA_LOCK_CLASS = 7301;

/**
 * MEMBER_STORAGE_QUOTA_MB: what one member's documents may take in the store. Counted are the size of every
 * stored document, and for every upload that may still hold bytes the most its address accepts, so that
 * uploads issued and never completed cannot fill the disk either. A member's checks take turns (an advisory
 * lock held until the caller's transaction ends), so two uploads at once cannot both pass on the same space.
 */
@Injectable()
export class StorageQuota {
  constructor(private readonly config: AppConfig) {}

  get limitBytes(): number {
    return this.config.env.MEMBER_STORAGE_QUOTA_MB * MIB;
  }

  /**
   * Inside `manager`'s transaction: STORAGE_QUOTA_EXCEEDED (with what is used and the limit) unless
   * `addedBytes` more fit; `exceptDocumentId`'s own bytes are left out, as the caller replaces them.
   */
  async assertRoom(
    manager: EntityManager,
    ownerId: string,
    addedBytes: number,
    exceptDocumentId?: string,
  ): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [QUOTA_LOCK_CLASS, ownerId]);
    const usedBytes = await this.usedBytes(manager, ownerId, exceptDocumentId);
    if (usedBytes + addedBytes > this.limitBytes) {
      throw new AppException(ErrorCode.STORAGE_QUOTA_EXCEEDED, undefined, {
        usedBytes,
        limitBytes: this.limitBytes,
      });
    }
  }

  async usedBytes(manager: EntityManager, ownerId: string, exceptDocumentId?: string): Promise<number> {
    const rows = await manager.query<{ used: string | number }[]>(
      `SELECT coalesce(sum(coalesce(size_bytes, 0)::bigint + coalesce(upload_reserved_bytes, 0)), 0) AS used
         FROM document
        WHERE owner_id = $1 AND ($2::uuid IS NULL OR id <> $2::uuid)`,
      [ownerId, exceptDocumentId ?? null],
    );
    return Number(rows[0]?.used ?? 0);
  }
}
