import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import { BILLING_TIME_ZONE, type SignatureCounters } from '@esign/shared';
import { monthEndSql, monthStartSql } from '../billing/billing-month';

const ZONE = `'${BILLING_TIME_ZONE}'`;

// $1 in each: the agency whose requests count (a group member's own id for theirs), or NULL for the whole
// platform; then the person whose requests alone count (created or in their charge), or NULL.
const OWNED = `($1::uuid IS NULL OR coalesce(agency_id, owner_id) = $1::uuid)`;

/** $2 and $3: the current and the last month (`yyyy-mm`); $4 the person. */
const COUNTERS_SQL = `
  SELECT count(*) FILTER (WHERE status = 'SIGNED')::int AS signed,
         count(*) FILTER (WHERE status IN ('INIT', 'IN_PROGRESS', 'UPDATING_DOCUMENT'))::int AS in_progress,
         count(*) FILTER (WHERE status = 'CANCELLED')::int AS cancelled,
         count(*) FILTER (WHERE status = 'DECLINED')::int AS declined,
         count(*) FILTER (WHERE status = 'EXPIRED')::int AS expired,
         count(*) FILTER (WHERE signing_mode = 'SIMPLE')::int AS simple,
         count(*) FILTER (WHERE signing_mode = 'ADVANCED')::int AS advanced,
         count(*) FILTER (WHERE signing_mode = 'QUALIFIED')::int AS qualified,
         count(*) FILTER (WHERE completed_at >= ${monthStartSql('$2::text')}
                            AND completed_at < ${monthEndSql('$2::text')})::int AS completed_this_month,
         count(*) FILTER (WHERE completed_at >= ${monthStartSql('$3::text')}
                            AND completed_at < ${monthEndSql('$3::text')})::int AS completed_last_month
    FROM signature_request
   WHERE ${OWNED} AND ($4::uuid IS NULL OR owner_id = $4::uuid OR assignee_id = $4::uuid)`;

/** Requests created in each of the last 12 Luxembourg months, months without any included; $2 the person. */
const REQUESTS_PER_MONTH_SQL = `
  WITH months AS (
    SELECT generate_series(date_trunc('month', now() AT TIME ZONE ${ZONE}) - interval '11 months',
                           date_trunc('month', now() AT TIME ZONE ${ZONE}), interval '1 month') AS m)
  SELECT to_char(m, 'YYYY-MM') AS month,
         count(r.id) FILTER (WHERE r.signing_mode = 'SIMPLE')::int AS simple,
         count(r.id) FILTER (WHERE r.signing_mode = 'ADVANCED')::int AS advanced,
         count(r.id) FILTER (WHERE r.signing_mode = 'QUALIFIED')::int AS qualified
    FROM months
    LEFT JOIN signature_request r
      ON r.created_at >= (m AT TIME ZONE ${ZONE}) AND r.created_at < ((m + interval '1 month') AT TIME ZONE ${ZONE})
     AND ($1::uuid IS NULL OR coalesce(r.agency_id, r.owner_id) = $1::uuid)
     AND ($2::uuid IS NULL OR r.owner_id = $2::uuid OR r.assignee_id = $2::uuid)
   GROUP BY m ORDER BY m`;

const PLATFORM_TOTALS_SQL = `
  SELECT (SELECT count(*)::int FROM signatory WHERE status = 'SIGNED') AS signatures_realised,
         (SELECT count(*)::int FROM signature_request WHERE status = 'SIGNED') AS documents_signed`;

// Per agency (its id, which is its first manager's), a group member's requests under their own id.
const PER_OWNER_SQL = `
  SELECT coalesce(agency_id, owner_id) AS owner_id, count(*)::int AS requests,
         count(*) FILTER (WHERE status = 'SIGNED')::int AS signed
    FROM signature_request GROUP BY 1`;

interface CounterRow {
  signed: number;
  in_progress: number;
  cancelled: number;
  declined: number;
  expired: number;
  simple: number;
  advanced: number;
  qualified: number;
  completed_this_month: number;
  completed_last_month: number;
}

export interface RequestCounts {
  counters: SignatureCounters;
  completedThisMonth: number;
  completedLastMonth: number;
}

/** The requests' figures the dashboards show, read where the requests are kept. */
@Injectable()
export class SignatureStatistics {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The counters of an agency's requests (or everyone's: null), or of one person's among them. */
  async counts(
    owner: string | null,
    currentMonth: string,
    lastMonth: string,
    person: string | null = null,
  ): Promise<RequestCounts> {
    const [row] = await this.dataSource.query<CounterRow[]>(COUNTERS_SQL, [
      owner,
      currentMonth,
      lastMonth,
      person,
    ]);
    if (!row) throw new Error('no counters');
    return {
      counters: {
        SIGNED: row.signed,
        IN_PROGRESS: row.in_progress,
        CANCEL: row.cancelled,
        DECLINED: row.declined,
        EXPIRED: row.expired,
        SIMPLE: row.simple,
        ADVANCED: row.advanced,
        QUALIFIED: row.qualified,
      },
      completedThisMonth: row.completed_this_month,
      completedLastMonth: row.completed_last_month,
    };
  }

  perMonth(
    owner: string | null,
    person: string | null = null,
  ): Promise<{ month: string; simple: number; advanced: number; qualified: number }[]> {
    return this.dataSource.query(REQUESTS_PER_MONTH_SQL, [owner, person]);
  }

  async platformTotals(): Promise<{ signaturesRealised: number; documentsSigned: number }> {
    const [row] =
      await this.dataSource.query<{ signatures_realised: number; documents_signed: number }[]>(
        PLATFORM_TOTALS_SQL,
      );
    if (!row) throw new Error('no totals');
    return { signaturesRealised: row.signatures_realised, documentsSigned: row.documents_signed };
  }

  /** Every agency (or group member) with at least one request: how many it made and how many were sealed. */
  async perOwner(): Promise<{ ownerId: string; requests: number; signed: number }[]> {
    const rows =
      await this.dataSource.query<{ owner_id: string; requests: number; signed: number }[]>(PER_OWNER_SQL);
    return rows.map((row) => ({ ownerId: row.owner_id, requests: row.requests, signed: row.signed }));
  }
}
