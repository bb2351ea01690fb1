import { createHash } from 'node:crypto';
import { type ActorType } from '@esign/shared';

export const GENESIS_HASH = '0'.repeat(64);

/** What one audit row says, in the order it is hashed. */
export interface AuditRecord {
  stream: string;
  seq: number;
  requestId: string | null;
  /** An `AuditEventType`, unless a newer version recorded the event: hashed as stored either way. */
  event: string;
  actorType: ActorType;
  actorId: string | null;
  actorName: string;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
  prevHash: string;
}

/** JSON with object keys sorted at every level, so the same record always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The SHA-256 of exactly the record's fields (never of extra properties such as its stored hash). */
export function auditRecordHash(record: AuditRecord): string {
  const fields = {
    stream: record.stream,
    seq: record.seq,
    requestId: record.requestId,
    event: record.event,
    actorType: record.actorType,
    actorId: record.actorId,
    actorName: record.actorName,
    ip: record.ip,
    userAgent: record.userAgent,
    details: record.details,
    createdAt: record.createdAt.toISOString(),
    prevHash: record.prevHash,
  };
  return createHash('sha256').update(canonicalJson(fields)).digest('hex');
}

export interface ChainVerification {
  valid: boolean;
  eventCount: number;
  /** The first sequence number where the chain breaks, and why. */
  brokenAt?: number;
  reason?: 'hash-mismatch' | 'broken-link' | 'missing-event' | 'head-mismatch';
}

/** Checks every row's hash, every link to the previous row, the numbering, and the stored head. */
export function verifyChain(
  records: (AuditRecord & { hash: string })[],
  head: { lastSeq: number; lastHash: string } | null,
): ChainVerification {
  let previous = GENESIS_HASH;
  for (const [index, record] of records.entries()) {
    const expectedSeq = index + 1;
    const fail = (reason: ChainVerification['reason'], at = record.seq): ChainVerification => ({
      valid: false,
      eventCount: records.length,
      brokenAt: at,
      reason,
    });
    if (record.seq !== expectedSeq) return fail('missing-event', expectedSeq);
    if (record.prevHash !== previous) return fail('broken-link');
    if (auditRecordHash(record) !== record.hash) return fail('hash-mismatch');
    previous = record.hash;
  }
  const last = records.at(-1);
  const headMatches = head
    ? head.lastSeq === (last?.seq ?? 0) && head.lastHash === (last?.hash ?? GENESIS_HASH)
    : records.length === 0;
  if (!headMatches) {
    return {
      valid: false,
      eventCount: records.length,
      brokenAt: (last?.seq ?? 0) + 1,
      reason: 'head-mismatch',
    };
  }
  return { valid: true, eventCount: records.length };
}
