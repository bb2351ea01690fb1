import {
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager } from 'typeorm';
import {
  type ActorType,
  type AuditDetails,
  type AuditEventType,
  type AuditEventView,
  type StoredAuditDetails,
} from '@esign/shared';
import { Batcher } from '../../common/batcher';
import { preparedQuery, preparedStatement } from '../../common/prepared-query';
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

/**
 * One event to record, its details of the type its name declares (`AuditDetailsMap`), checked against that
 * event's alone; optional for an event that records nothing besides itself.
 */
export type AuditEntry<E extends AuditEventType = AuditEventType> = {
  /** The request the event is about; events without one (a list view) go to the actor's own stream. */
  requestId: string | null;
  event: E;
  actor: AuditActor;
} & (Record<string, never> extends AuditDetails<E>
  ? { details?: AuditDetails<E> }
  : { details: AuditDetails<E> });

/** A row as stored; `seq`, `prev_hash` and `hash` are null until the row is chained. */
interface AuditRow {
  id: string;
  stream: string;
  seq: number | null;
  request_id: string | null;
  /** An `AuditEventType`, unless a newer version wrote the row. */
  event: string;
  actor_type: ActorType;
  actor_id: string | null;
  actor_name: string;
  ip: string | null;
  user_agent: string | null;
  details: Record<string, unknown>;
  created_at: Date | string;
  prev_hash: string | null;
  hash: string | null;
}

type ChainedRow = AuditRow & { seq: number; prev_hash: string; hash: string };

const USER_AGENT_MAX = 512;
/** Appended events wait this long for others to join them, so that one transaction chains many. */
const CHAIN_DELAY_MS = 50;
/** Rows appended by a process that stopped before chaining them are found by this sweep. */
const SWEEP_INTERVAL_MS = 60_000;
/** Rows chained per transaction. */
const CHAIN_BATCH = 500;

/** Appends events, unchained, in the order given (one array per column). */
const APPEND_EVENTS = preparedStatement(
  `INSERT INTO audit_event (stream, request_id, event, actor_type, actor_id, actor_name, ip, user_agent,
                           details, created_at)
  SELECT stream, request_id, event, actor_type, actor_id, actor_name, ip, user_agent, details::jsonb,
         date_trunc('milliseconds', clock_timestamp())
    FROM unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                $8::text[], $9::text[])
         WITH ORDINALITY AS a(stream, request_id, event, actor_type, actor_id, actor_name, ip, user_agent,
                              details, position)
   ORDER BY position`,
);

const COLUMNS = `id, stream, seq, request_id, event, actor_type, actor_id, actor_name, ip, user_agent, details,
                 created_at, prev_hash, hash`;

export function auditStreamOf(entry: Pick<AuditEntry, 'requestId' | 'actor'>): string {
  return entry.requestId ?? `actor:${entry.actor.type}:${entry.actor.id ?? 'anonymous'}`;
}

function toRecord(row: ChainedRow): AuditRecord & { hash: string } {
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

function rowValues(entry: AuditEntry): unknown[] {
  return [
    auditStreamOf(entry),
    entry.requestId,
    entry.event,
    entry.actor.type,
    entry.actor.id,
    entry.actor.name,
    entry.actor.ip ?? null,
    entry.actor.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    JSON.stringify(entry.details ?? {}),
  ];
}

/**
 * The append-only, hash-chained audit trail: one chain per stream (a request's id, or an actor's own stream
 * for list views), each row carrying its number in the stream and the hash of the row before it, the
 * stream's head row holding the last of both. Times come from the database clock, never the API host's.
 *
 * Two ways in. A change records its event in its own transaction (`record(entry, manager)`): the stream's
 * head is locked, the event chained at once, and it commits or rolls back with the change. A read (a list,
 * a view) only appends its row (`record(entry)`: an INSERT, no lock, no transaction, shared by the reads
 * arriving together), so reads never queue behind each other; the call returns once the row is stored.
 * Appended rows are chained shortly after, in the order the database numbered them, by
 * a background step, by the next change of their stream (before its own event), or before their stream's
 * trail is read. Until then a row is stored, not yet chained; the trigger lets a row be changed only from
 * unchained to chained, nothing else.
 */
@Injectable()
export class AuditService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Audit');
  private chainTimer?: NodeJS.Timeout;
  private sweepTimer?: NodeJS.Timeout;
  private chaining?: Promise<void>;
  private stopped = false;
  /** Reads arriving together are appended with one statement. */
  private readonly appends = new Batcher<AuditEntry, void>((entries) => this.append(entries));

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    this.scheduleChaining(0);
    this.sweepTimer = setInterval(() => this.scheduleChaining(0), SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
  }

  /** Chains what this process appended before the database goes away. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweepTimer);
    clearTimeout(this.chainTimer);
    await this.chaining;
    await this.chainAll().catch((error: unknown) =>
      this.logger.warn({ err: error }, 'Audit events left unchained at shutdown'),
    );
  }

  /**
   * Records one event. With `manager` in a transaction: chained now, with the transaction. Without: appended
   * with one statement and chained shortly after.
   */
  async record<E extends AuditEventType>(entry: AuditEntry<E>, manager?: EntityManager): Promise<void> {
    if (manager?.queryRunner?.isTransactionActive) {
      await this.recordChained(entry, manager);
      return;
    }
    await this.appends.submit(entry);
  }

  /** Appended rows, in the order given, with one statement; the callers answer once it committed. */
  private async append(entries: AuditEntry[]): Promise<void[]> {
    const rows = entries.map(rowValues);
    const column = (index: number): unknown[] => rows.map((row) => row[index]);
    await preparedQuery(this.dataSource, APPEND_EVENTS, [0, 1, 2, 3, 4, 5, 6, 7, 8].map(column));
    this.scheduleChaining(CHAIN_DELAY_MS);
    return entries.map(() => undefined);
  }

  /**
   * Whether the request's trail holds `event` with these values among its details, read with `manager` (in
   * the caller's transaction: an event it recorded counts).
   */
  async recorded<E extends AuditEventType>(
    manager: EntityManager,
    requestId: string,
    event: E,
    details: StoredAuditDetails<E>,
  ): Promise<boolean> {
    const [found] = await manager.query<unknown[]>(
      `SELECT 1 FROM audit_event WHERE request_id = $1 AND event = $2 AND details @> $3::jsonb LIMIT 1`,
      [requestId, event, JSON.stringify(details)],
    );
    return Boolean(found);
  }

  /** A request's events in order, its appended ones chained first. */
  async trail(requestId: string): Promise<AuditEventView[]> {
    return (await this.chain(requestId)).trail;
  }

  /** Recomputes the chain of a stream (a request's id): an edited, inserted or deleted row is reported. */
  async verify(stream: string): Promise<ChainVerification> {
    return (await this.chain(stream)).verification;
  }

  /** The stream's events and the verification of its chain, read in one snapshot. */
  async chain(
    stream: string,
  ): Promise<{ trail: AuditEventView[]; valid: boolean; verification: ChainVerification }> {
    const { rows, head } = await this.chainOf(stream);
    const verification = verifyChain(rows.map(toRecord), head);
    const trail = rows.map((row) => ({
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
    return { trail, valid: verification.valid, verification };
  }

  /** Chains the stream's appended rows, then reads its chained rows and its head in one snapshot. */
  private async chainOf(
    stream: string,
  ): Promise<{ rows: ChainedRow[]; head: { lastSeq: number; lastHash: string } | null }> {
    await this.chainStream(stream);
    const [result] = await this.dataSource.query<
      { head: { last_seq: number; last_hash: string } | null; rows: ChainedRow[] | null }[]
    >(
      `SELECT (SELECT json_build_object('last_seq', last_seq, 'last_hash', last_hash)
                 FROM audit_stream WHERE stream = $1) AS head,
              (SELECT json_agg(e ORDER BY e.seq) FROM
                 (SELECT ${COLUMNS} FROM audit_event WHERE stream = $1 AND hash IS NOT NULL) e) AS rows`,
      [stream],
    );
    const head = result?.head ? { lastSeq: result.head.last_seq, lastHash: result.head.last_hash } : null;
    return { rows: result?.rows ?? [], head };
  }

  /** A change's event, chained in the caller's transaction after the stream's appended rows. */
  private async recordChained(entry: AuditEntry, manager: EntityManager): Promise<void> {
    const stream = auditStreamOf(entry);
    let head = await this.lockHead(manager, stream, false);
    if (!head) throw new Error('Audit stream head missing');
    if (head.pending) head = { ...head, ...(await this.chainLocked(manager, stream, head)) };
    const record: AuditRecord = {
      stream,
      seq: head.lastSeq + 1,
      requestId: entry.requestId,
      event: entry.event,
      actorType: entry.actor.type,
      actorId: entry.actor.id,
      actorName: entry.actor.name,
      ip: entry.actor.ip ?? null,
      userAgent: entry.actor.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      details: entry.details ?? {},
      createdAt: new Date(head.now),
      prevHash: head.lastHash,
    };
    const hash = auditRecordHash(record);
    await manager.query(
      `INSERT INTO audit_event (stream, request_id, event, actor_type, actor_id, actor_name, ip, user_agent,
                                details, created_at, seq, prev_hash, hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [...rowValues(entry), record.createdAt, record.seq, record.prevHash, hash],
    );
    await manager.query(`UPDATE audit_stream SET last_seq = $2, last_hash = $3 WHERE stream = $1`, [
      stream,
      record.seq,
      hash,
    ]);
  }

  /**
   * Locks the stream's head (made if new) and says whether appended rows wait to be chained. With
   * `skipLocked`, a head another transaction holds is left to it (null): that one chains the rows.
   */
  private async lockHead(
    manager: EntityManager,
    stream: string,
    skipLocked: boolean,
  ): Promise<{ lastSeq: number; lastHash: string; now: Date; pending: boolean } | null> {
    await manager.query(
      `INSERT INTO audit_stream (stream, last_seq, last_hash) VALUES ($1, 0, $2) ON CONFLICT (stream) DO NOTHING`,
      [stream, GENESIS_HASH],
    );
    const [head] = await manager.query<
      { last_seq: number; last_hash: string; now: Date; pending: boolean }[]
    >(
      `SELECT last_seq, last_hash, date_trunc('milliseconds', clock_timestamp()) AS now,
              EXISTS (SELECT 1 FROM audit_event WHERE stream = $1 AND hash IS NULL) AS pending
         FROM audit_stream WHERE stream = $1 FOR UPDATE ${skipLocked ? 'SKIP LOCKED' : ''}`,
      [stream],
    );
    return head
      ? { lastSeq: head.last_seq, lastHash: head.last_hash, now: head.now, pending: head.pending }
      : null;
  }

  /** Chains the stream's appended rows in their database order; the head is locked by the caller. */
  private async chainLocked(
    manager: EntityManager,
    stream: string,
    head: { lastSeq: number; lastHash: string },
  ): Promise<{ lastSeq: number; lastHash: string }> {
    let { lastSeq, lastHash } = head;
    for (;;) {
      const rows = await manager.query<AuditRow[]>(
        `SELECT ${COLUMNS} FROM audit_event WHERE stream = $1 AND hash IS NULL ORDER BY id LIMIT ${CHAIN_BATCH}`,
        [stream],
      );
      if (rows.length === 0) break;
      const ids: string[] = [];
      const seqs: number[] = [];
      const previous: string[] = [];
      const hashes: string[] = [];
      for (const row of rows) {
        const seq = lastSeq + 1;
        const hash = auditRecordHash(toRecord({ ...row, seq, prev_hash: lastHash, hash: '' }));
        ids.push(row.id);
        seqs.push(seq);
        previous.push(lastHash);
        hashes.push(hash);
        lastSeq = seq;
        lastHash = hash;
      }
      await manager.query(
        `UPDATE audit_event AS e SET seq = c.seq, prev_hash = c.prev_hash, hash = c.hash
           FROM unnest($1::bigint[], $2::integer[], $3::text[], $4::text[]) AS c(id, seq, prev_hash, hash)
          WHERE e.id = c.id`,
        [ids, seqs, previous, hashes],
      );
      if (rows.length < CHAIN_BATCH) break;
    }
    await manager.query(`UPDATE audit_stream SET last_seq = $2, last_hash = $3 WHERE stream = $1`, [
      stream,
      lastSeq,
      lastHash,
    ]);
    return { lastSeq, lastHash };
  }

  /** Chains one stream's appended rows, when it has any, in a transaction of its own. */
  private async chainStream(stream: string, skipLocked = false): Promise<void> {
    const [waiting] = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM audit_event WHERE stream = $1 AND hash IS NULL LIMIT 1`,
      [stream],
    );
    if (!waiting) return;
    await this.dataSource.transaction(async (manager) => {
      const head = await this.lockHead(manager, stream, skipLocked);
      if (head?.pending) await this.chainLocked(manager, stream, head);
    });
  }

  /** Every stream with appended rows, whoever appended them. */
  private async chainAll(): Promise<void> {
    for (;;) {
      const streams = await this.dataSource.query<{ stream: string }[]>(
        `SELECT DISTINCT stream FROM audit_event WHERE hash IS NULL LIMIT 100`,
      );
      for (const { stream } of streams) await this.chainStream(stream, true);
      if (streams.length < 100) return;
    }
  }

  /** One chaining run at a time; an append during a run schedules the next. */
  private scheduleChaining(delayMs: number): void {
    if (this.stopped || this.chainTimer) return;
    this.chainTimer = setTimeout(() => {
      this.chaining = (this.chaining ?? Promise.resolve())
        .then(() => {
          this.chainTimer = undefined;
          return this.chainAll();
        })
        .catch((error: unknown) => this.logger.warn({ err: error }, 'Chaining audit events failed; retried'));
    }, delayMs);
    this.chainTimer.unref();
  }
}
