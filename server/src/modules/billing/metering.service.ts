import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type MeteredKind } from '@esign/shared';
import { luxembourgDaySql } from './billing-month';

export interface MeteredEvent {
  /** The member billed: the request's owner. */
  memberId: string;
  kind: MeteredKind;
  /** What was billed: the request's id for a completion, the one-time code's id for an SMS. */
  sourceId: string;
}

const UNIT_PRICE: Record<MeteredKind, string> = {
  REQUEST_SIMPLE: 'p.simple_request_cents',
  REQUEST_ADVANCED: 'p.advanced_request_cents',
  REQUEST_QUALIFIED: 'p.qualified_request_cents',
  SMS: 'p.sms_cents',
};

/**
 * Records billable events. Call it with the manager of the transaction that makes the event happen, so the
 * event and its billing line commit or roll back together; a second call for the same source (a retried
 * job) inserts nothing. The time and the price come from the database clock, the one the event itself uses.
 */
@Injectable()
export class MeteringService {
  /** `true` when a line was written, `false` when this source was already billed. */
  async record(manager: EntityManager, event: MeteredEvent): Promise<boolean> {
    const rows = await manager.query<{ id: string }[]>(
      `INSERT INTO billing_event (member_id, kind, source_id, occurred_at, price_list_id, unit_price_cents, vat_basis_points)
       SELECT $1, $2, $3, now(), p.id, ${UNIT_PRICE[event.kind]}, p.vat_basis_points
         FROM price_list p
        WHERE p.effective_from <= ${luxembourgDaySql('now()')}
        ORDER BY p.effective_from DESC
        LIMIT 1
       ON CONFLICT (kind, source_id) DO NOTHING
       RETURNING id`,
      [event.memberId, event.kind, event.sourceId],
    );
    return rows.length > 0;
  }
}
