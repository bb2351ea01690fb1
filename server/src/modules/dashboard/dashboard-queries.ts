import { BILLING_TIME_ZONE } from '@esign/shared';
import { monthEndSql, monthStartSql } from '../billing/billing-month';

const ZONE = `'${BILLING_TIME_ZONE}'`;

// Every query takes $1: the owner whose requests count, or NULL for the whole platform.

/** $2 and $3: the current and the last month (`yyyy-mm`). */
export const COUNTERS_SQL = `
  SELECT count(*) FILTER (WHERE status = 'SIGNED')::int AS signed,
         count(*) FILTER (WHERE status IN ('INIT', 'IN_PROGRESS', 'UPDATING_DOCUMENT'))::int AS in_progress,
         count(*) FILTER (WHERE status = 'CANCELLED')::int AS cancelled,
         count(*) FILTER (WHERE status = 'DECLINED')::int AS declined,
         count(*) FILTER (WHERE status = 'EXPIRED')::int AS expired,
         count(*) FILTER (WHERE signing_mode = 'SIMPLE')::int AS simple,
         count(*) FILTER (WHERE signing_mode = 'ADVANCED')::int AS advanced,
         count(*) FILTER (WHERE completed_at >= ${monthStartSql('$2::text')}
                            AND completed_at < ${monthEndSql('$2::text')})::int AS completed_this_month,
         count(*) FILTER (WHERE completed_at >= ${monthStartSql('$3::text')}
                            AND completed_at < ${monthEndSql('$3::text')})::int AS completed_last_month
    FROM signature_request
   WHERE $1::uuid IS NULL OR owner_id = $1::uuid`;

/** Requests created in each of the last 12 Luxembourg months, months without any included. */
export const REQUESTS_PER_MONTH_SQL = `
  WITH months AS (
    SELECT generate_series(date_trunc('month', now() AT TIME ZONE ${ZONE}) - interval '11 months',
                           date_trunc('month', now() AT TIME ZONE ${ZONE}), interval '1 month') AS m)
  SELECT to_char(m, 'YYYY-MM') AS month,
         count(r.id) FILTER (WHERE r.signing_mode = 'SIMPLE')::int AS simple,
         count(r.id) FILTER (WHERE r.signing_mode = 'ADVANCED')::int AS advanced
    FROM months
    LEFT JOIN signature_request r
      ON r.created_at >= (m AT TIME ZONE ${ZONE}) AND r.created_at < ((m + interval '1 month') AT TIME ZONE ${ZONE})
     AND ($1::uuid IS NULL OR r.owner_id = $1::uuid)
   GROUP BY m ORDER BY m`;

export const OVERVIEW_SQL = `
  SELECT (SELECT count(*)::int FROM signatory WHERE status = 'SIGNED') AS signatures_realised,
         (SELECT count(*)::int FROM signature_request WHERE status = 'SIGNED') AS documents_signed,
         (SELECT count(*)::int FROM app_user WHERE role <> 'ADMIN' AND NOT is_disabled) AS active_members,
         (SELECT count(*)::int FROM app_user WHERE role <> 'ADMIN' AND is_disabled) AS deactivated_members`;

export const TOP_MEMBERS_SQL = `
  SELECT u.id, coalesce(nullif(trim(u.name), ''), u.additional_info->'company'->>'name', u.email) AS name,
         count(r.id)::int AS requests, count(r.id) FILTER (WHERE r.status = 'SIGNED')::int AS signed
    FROM signature_request r JOIN app_user u ON u.id = r.owner_id
   GROUP BY u.id
   ORDER BY requests DESC, signed DESC, name
   LIMIT 5`;
