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
 * A request's view: its stored members (ListViews1765094400000) and what the list adds when it reads: its
 * signatories' stored views in their order, the page count, the owner's name, the decline with the
 * decliner's name, and whether a reminder can be sent now. Concatenated, never sliced: cutting text counts
 * its characters, which cost more than the rest together. Request `r`, owner `u`, document `d`,
 * signatories' views `s.views` (JSON text of the array's items).
 */
const VIEW = `'{' || r.list_view_fields
  || ',"signatories":[' || coalesce(s.views, '') || ']'
  || ',"pageCount":' || coalesce(d.page_count, 0)::text
  || ',"ownerName":' || to_json(coalesce(nullif(u.name, ''), nullif(u.email, ''), ''))::text
  || ',"decline":' || CASE WHEN r.status = 'DECLINED' AND r.declined_at IS NOT NULL THEN json_build_object(
       'signatoryId', coalesce(r.declined_by::text, ''),
       'signatoryName', coalesce((SELECT name FROM signatory WHERE id = r.declined_by AND request_id = r.id), ''),
       'reason', coalesce(r.decline_reason, ''), 'declinedAt', ${iso('r.declined_at')})::text ELSE 'null' END
  || ',"nextReminderAvailability":'
  || CASE WHEN r.next_reminder_at > now() THEN to_json(${iso('r.next_reminder_at')})::text ELSE 'null' END
  || '}'`;

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
 * One page of the list in one statement: the requests' stored views completed by the database as JSON text
 * (with the signatories, the page count, the owner's name), which the API sends as they are, and the total.
 * Unfiltered, the total is the member's request count the database keeps (exact, whatever the size);
 * filtered, the matching rows are counted up to EXACT_TOTAL_UP_TO + 1, and beyond that the planner's
 * estimate is given.
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
       FROM (SELECT '[' || coalesce(string_agg(${VIEW}, ',' ORDER BY ${order}), '') || ']' AS items,
                    count(*)::integer AS shown
               FROM (SELECT * FROM signature_request r ${where}
                      ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) r
               LEFT JOIN app_user u ON u.id = r.owner_id
               LEFT JOIN document d ON d.id = r.document_id
               LEFT JOIN LATERAL (SELECT string_agg(list_view, ',' ORDER BY sign_order) AS views
                                    FROM signatory WHERE request_id = r.id) s ON true) page`,
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
