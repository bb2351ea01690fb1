import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager } from 'typeorm';
import { type ActorType, type AuditEventType, type AuditEventView } from '@esign/shared';
import {
  auditRecordHash,
  GENESIS_HASH,
  verifyChain,
  type AuditRecord,
  type ChainVerification,
} from './audit-chain';

/** Who did something, from where. */
export interface AuditActor {
  type: ActorType;
  id: string | null;
  name: string;
  ip?: string | null;
  userAgent?: string | null;
}

export interface AuditEntry {
  /** The request the event is about; events without one (a list view) go to the actor's own stream. */
  requestId: string | null;
  event: AuditEventType;
  actor: AuditActor;
  details?: Record<string, unknown>;
}

interface AuditRow {
  stream: string;
  seq: number;
  request_id: string | null;
  event: AuditEventType;
  actor_type: ActorType;
  actor_id: string | null;
  actor_name: string;
  ip: string | null;
  user_agent: string | null;
  details: Record<string, unknown>;
  created_at: Date;
  prev_hash: string;
  hash: string;
}

const USER_AGENT_MAX = 512;

export function auditStreamOf(entry: Pick<AuditEntry, 'requestId' | 'actor'>): string {
  return entry.requestId ?? `actor:${entry.actor.type}:${entry.actor.id ?? 'anonymous'}`;
}

function toRecord(row: AuditRow): AuditRecord & { hash: string } {
  return {
    stream: row.stream,
    seq: row.seq,
    requestId: row.request_id,
    event: row.event,
    actorType: row.actor_type,
    actorId: row.actor_id,
    actorName: row.actor_name,
    ip: row.ip,
    userAgent: row.user_agent,
    details: row.details,
    createdAt: new Date(row.created_at),
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

/**
 * The append-only, hash-chained audit trail. Appending locks the stream's head row, so the events of one
 * request are numbered without gaps and each carries the hash of the one before, whatever the concurrency.
 * Times come from the database clock, never the API host's.
 */
@Injectable()
export class AuditService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async record(entry: AuditEntry, manager?: EntityManager): Promise<void> {
    if (!manager?.queryRunner?.isTransactionActive) {
      await this.dataSource.transaction((tx) => this.record(entry, tx));
      return;
    }
    const stream = auditStreamOf(entry);
    await manager.query(
      `INSERT INTO audit_stream (stream, last_seq, last_hash) VALUES ($1, 0, $2) ON CONFLICT (stream) DO NOTHING`,
      [stream, GENESIS_HASH],
    );
    const [head] = await manager.query<{ last_seq: number; last_hash: string; now: Date }[]>(
      `SELECT last_seq, last_hash, date_trunc('milliseconds', clock_timestamp()) AS now
         FROM audit_stream WHERE stream = $1 FOR UPDATE`,
      [stream],
    );
    if (!head) throw new Error('Audit stream head missing');
    const record: AuditRecord = {
      stream,
      seq: head.last_seq + 1,
      requestId: entry.requestId,
      event: entry.event,
      actorType: entry.actor.type,
      actorId: entry.actor.id,
      actorName: entry.actor.name,
      ip: entry.actor.ip ?? null,
      userAgent: entry.actor.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      details: entry.details ?? {},
      createdAt: new Date(head.now),
      prevHash: head.last_hash,
    };
    const hash = auditRecordHash(record);
    await manager.query(
      `INSERT INTO audit_event (stream, seq, request_id, event, actor_type, actor_id, actor_name, ip, user_agent,
                                details, created_at, prev_hash, hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        record.stream,
        record.seq,
        record.requestId,
        record.event,
        record.actorType,
        record.actorId,
        record.actorName,
        record.ip,
        record.userAgent,
        JSON.stringify(record.details),
        record.createdAt,
        record.prevHash,
        hash,
      ],
    );
    await manager.query(`UPDATE audit_stream SET last_seq = $2, last_hash = $3 WHERE stream = $1`, [
      stream,
      record.seq,
      hash,
    ]);
  }

  async trail(requestId: string): Promise<AuditEventView[]> {
    const rows = await this.rows(requestId);
    return rows.map((row) => ({
      seq: row.seq,
      event: row.event,
      actorType: row.actor_type,
      actorName: row.actor_name,
      createdAt: new Date(row.created_at).toISOString(),
      ip: row.ip,
      userAgent: row.user_agent,
      details: row.details,
      hash: row.hash,
    }));
  }

  /** Recomputes the chain of a stream (a request's id): an edited, inserted or deleted row is reported. */
  async verify(stream: string): Promise<ChainVerification> {
    const [rows, heads] = await Promise.all([
      this.rows(stream),
      this.dataSource.query<{ last_seq: number; last_hash: string }[]>(
        `SELECT last_seq, last_hash FROM audit_stream WHERE stream = $1`,
        [stream],
      ),
    ]);
    const head = heads[0] ? { lastSeq: heads[0].last_seq, lastHash: heads[0].last_hash } : null;
    return verifyChain(rows.map(toRecord), head);
  }

  private rows(stream: string): Promise<AuditRow[]> {
    return this.dataSource.query(
      `SELECT stream, seq, request_id, event, actor_type, actor_id, actor_name, ip, user_agent, details,
              created_at, prev_hash, hash
         FROM audit_event WHERE stream = $1 ORDER BY seq`,
      [stream],
    );
  }
}
