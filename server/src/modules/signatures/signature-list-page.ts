import { type DataSource } from 'typeorm';
import { likePattern } from '../../common/list-query';
import { EXACT_TOTAL_UP_TO, type ListTotal } from '../../common/list-total';
import { preparedQuery } from '../../common/prepared-query';
import { type SignatureListQuery } from './signature-list-query';

const SORT_COLUMNS: Record<SignatureListQuery['sortField'], string> = {
  createdAt: 'r.created_at',
  updatedAt: 'r.updated_at',
  signatureTitle: 'r.title',
  status: 'r.status',
};

/** An instant as Date.prototype.toISOString writes it (UTC, milliseconds), or null. */
const iso = (column: string): string =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The views are built as rows whose column names are the JSON keys, then turned into JSON whole
 * (json_agg of a row): json_build_object looks up how to write each of its arguments on every call,
 * a row's columns are looked up once per aggregate. For a page of 25 requests this is most of the statement.
 */

/** toSignatoryView, in SQL: the columns of signatory `s`'s view (the list's tests compare both). */
const SIGNATORY_COLUMNS = `s.id AS "signatoryId", s.name AS "name", s.email AS "email", s.mobile AS "mobile",
  s.sign_order AS "order",
  json_build_object('page', s.placement_page, 'position', s.placement_position) AS "placement",
  s.party AS "party", s.role AS "role", s.status AS "status", ${iso('s.invited_at')} AS "invitedAt",
  ${iso('s.signed_at')} AS "signedAt", s.location AS "location",
  ${iso('s.last_reminded_at')} AS "lastRemindedAt", ${iso('s.declined_at')} AS "declinedAt"`;

/** toSignatureView, in SQL: the columns of request `r`'s view, with its owner `u`, document `d`, signatories `s`. */
const REQUEST_COLUMNS = `r.id AS "id", r.status AS "status", r.title AS "signatureTitle",
  r.document_name AS "documentName", r.document_type AS "documentType", r.document_id AS "documentId",
  r.template_type AS "templateType", r.signing_mode AS "signingMode", r.signing_flow AS "signingFlow",
  r.signature_size AS "signatureSize", r.seal_page AS "sealPage", r.seal_size AS "sealSize",
  r.language AS "language", coalesce(d.page_count, 0) AS "pageCount",
  coalesce(s.views, '[]'::json) AS "signatories",
  ${iso('r.created_at')} AS "createdAt", ${iso('r.updated_at')} AS "updatedAt", ${iso('r.sent_at')} AS "sentAt",
  ${iso('r.completed_at')} AS "completedAt", ${iso('r.sealed_at')} AS "sealedAt",
  ${iso('r.cancelled_at')} AS "cancelledAt", ${iso('r.expires_at')} AS "expiresAt",
  ${iso('r.expired_at')} AS "expiredAt",
  CASE WHEN r.status = 'DECLINED' AND r.declined_at IS NOT NULL THEN json_build_object(
    'signatoryId', coalesce(r.declined_by::text, ''),
    'signatoryName', coalesce((SELECT name FROM signatory WHERE id = r.declined_by AND request_id = r.id), ''),
    'reason', coalesce(r.decline_reason, ''), 'declinedAt', ${iso('r.declined_at')}) END AS "decline",
  CASE WHEN r.next_reminder_at > now() THEN ${iso('r.next_reminder_at')} END AS "nextReminderAvailability",
  coalesce(nullif(u.name, ''), nullif(u.email, ''), '') AS "ownerName", r.aml_risk AS "amlRisk"`;

/** The WHERE clause of a list query over `signature_request r`, and its parameters from $1. */
export function signatureListFilter(
  query: SignatureListQuery,
  ownerId: string | null,
): { where: string; parameters: unknown[] } {
  const conditions: string[] = [];
  const parameters: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown): void => {
    parameters.push(value);
    conditions.push(condition(`$${parameters.length}`));
  };
  if (ownerId) add((p) => `r.owner_id = ${p}`, ownerId);
  if (query.status) add((p) => `r.status = ${p}`, query.status);
  if (query.signingMode) add((p) => `r.signing_mode = ${p}`, query.signingMode);
  if (query.amlRiskLevel) add((p) => `r.aml_risk_level = ${p}`, query.amlRiskLevel);
  if (query.documentType) add((p) => `r.document_type = ${p}`, query.documentType);
  if (query.q) {
    add(
      (p) =>
        `(r.title ILIKE ${p} OR EXISTS (SELECT 1 FROM signatory q WHERE q.request_id = r.id AND q.name ILIKE ${p}))`,
      likePattern(query.q),
    );
  }
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', parameters };
}

interface PageRow {
  /** The page's views as JSON text, sent as they are. */
  items: string;
  shown: number;
  matching: number;
}

/** A page of the list: its JSON body (an array of SignatureRequestView), its length and the total. */
export interface SignatureListPage extends ListTotal {
  json: string;
  count: number;
}

interface QueryPlan {
  'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }];
}

/** Planner estimates of large filtered lists, reused for a while: they are estimates anyway. */
const ESTIMATE_MAX_AGE_MS = 60_000;
const ESTIMATES_KEPT = 1000;
const estimates = new Map<string, { rows: number; at: number }>();

/**
 * One page of the list in one statement: the views built by the database as JSON text (with the owner's
 * name, the page count and the signatories), which the API sends as they are, and the total. Unfiltered,
 * the total is the member's request count the database keeps (exact, whatever the size); filtered, the
 * matching rows are counted up to EXACT_TOTAL_UP_TO + 1, and beyond that the planner's estimate is given.
 */
export async function signatureListPage(
  dataSource: DataSource,
  query: SignatureListQuery,
  ownerId: string | null,
): Promise<SignatureListPage> {
  const { where, parameters } = signatureListFilter(query, ownerId);
  const filtered = Boolean(
    query.status || query.signingMode || query.amlRiskLevel || query.documentType || query.q,
  );
  const order = `${SORT_COLUMNS[query.sortField]} ${query.sortOrder}, r.id ASC`;
  // The page's bounds are written into the statement, not passed as parameters: PostgreSQL's generic plan
  // cannot see a LIMIT parameter and takes a tenth of the matching rows for it, which made its cost look far
  // above a custom plan's, so the prepared statement was planned again on every call. With the bounds in the
  // text (one prepared statement per page position, few in practice) the generic plan is kept after a few
  // calls. Integers checked here, so nothing but digits reaches the SQL. Pages deep in a list are rare and
  // each would be a statement kept by every connection: those are planned once and not kept.
  const limit = sqlInteger(query.limit);
  const offset = sqlInteger(query.offset);
  const total = filtered
    ? `(SELECT count(*)::integer FROM (SELECT 1 FROM signature_request r ${where} LIMIT ${EXACT_TOTAL_UP_TO + 1}) m)`
    : ownerId
      ? `coalesce((SELECT requests FROM member_request_count WHERE owner_id = $1), 0)`
      : `(SELECT coalesce(sum(requests), 0)::integer FROM member_request_count)`;
  // Prepared: planning this statement costs more than running it.
  const run = query.offset <= PREPARED_UP_TO_OFFSET ? preparedQuery : unpreparedQuery;
  const [row] = await run<PageRow>(
    dataSource,
    `SELECT page.items, page.shown, ${total} AS matching
       FROM (SELECT coalesce(json_agg(v ORDER BY ${order}), '[]'::json)::text AS items,
                    count(*)::integer AS shown
               FROM (SELECT * FROM (SELECT * FROM signature_request r ${where}
                                     ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) p) r
               LEFT JOIN app_user u ON u.id = r.owner_id
               LEFT JOIN document d ON d.id = r.document_id
               LEFT JOIN LATERAL (SELECT json_agg(sv ORDER BY sv."order") AS views
                                    FROM (SELECT ${SIGNATORY_COLUMNS} FROM signatory s
                                           WHERE s.request_id = r.id) sv) s ON true
               CROSS JOIN LATERAL (SELECT ${REQUEST_COLUMNS}) v) page`,
    parameters,
  );
  const json = row?.items ?? '[]';
  const count = row?.shown ?? 0;
  const matching = row?.matching ?? 0;
  if (!filtered || matching <= EXACT_TOTAL_UP_TO) return { json, count, total: matching, estimated: false };
  // A page that ends the list tells the total exactly.
  if (count > 0 && count < query.limit) {
    return { json, count, total: query.offset + count, estimated: false };
  }
  const planned = await plannedRows(dataSource, `SELECT 1 FROM signature_request r ${where}`, parameters);
  const shown = query.offset + count + (count === query.limit ? 1 : 0);
  return { json, count, total: Math.max(EXACT_TOTAL_UP_TO + 1, planned, shown), estimated: true };
}

const PREPARED_UP_TO_OFFSET = 1000;

function unpreparedQuery<R>(dataSource: DataSource, text: string, values: unknown[]): Promise<R[]> {
  return dataSource.query<R[]>(text, values);
}

function sqlInteger(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Not a page bound: ${value}`);
  return String(value);
}

/** The planner's row estimate for `sql`, asked once a minute at most per query and parameters. */
async function plannedRows(dataSource: DataSource, sql: string, parameters: unknown[]): Promise<number> {
  const key = JSON.stringify([sql, parameters]);
  const now = Date.now();
  const known = estimates.get(key);
  if (known && now - known.at < ESTIMATE_MAX_AGE_MS) return known.rows;
  const [plan] = await dataSource.query<QueryPlan[]>(`EXPLAIN (FORMAT JSON) ${sql}`, parameters);
  const rows = Math.round(plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  if (estimates.size >= ESTIMATES_KEPT) estimates.clear();
  estimates.set(key, { rows, at: now });
  return rows;
}
