import { type DataSource } from 'typeorm';
import { Batcher } from '../../common/batcher';
import { likePattern } from '../../common/list-query';
import { EXACT_TOTAL_UP_TO, type ListTotal } from '../../common/list-total';
import { preparedQuery, preparedStatement, type PreparedStatement } from '../../common/prepared-query';
import { type RequestScope } from './signature-access';
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
  scope: RequestScope,
): { where: string; parameters: unknown[] } {
  const conditions: string[] = [];
  const parameters: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown): void => {
    parameters.push(value);
    conditions.push(condition(`$${parameters.length}`));
  };
  if (scope.kind === 'agency') add((p) => `r.agency_id = ${p}`, scope.agencyId);
  if (scope.kind === 'person') {
    if (scope.agencyId) add((p) => `r.agency_id = ${p}`, scope.agencyId);
    else conditions.push('r.agency_id IS NULL');
    add((p) => `(r.owner_id = ${p} OR r.assignee_id = ${p})`, scope.userId);
  }
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
  body: Buffer;
  count: number;
}

/** A page as the database wrote it, its text encoded once for all the calls it answers. */
interface Page {
  body: Buffer;
  shown: number;
  matching: number;
}

function encoded(row: PageRow | undefined): Page {
  return { body: Buffer.from(row?.items ?? '[]'), shown: row?.shown ?? 0, matching: row?.matching ?? 0 };
}

interface QueryPlan {
  'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }];
}

/** Planner estimates of large filtered lists, reused for a while: they are estimates anyway. */
const ESTIMATE_MAX_AGE_MS = 60_000;
const ESTIMATES_KEPT = 1000;
const estimates = new Map<string, { rows: number; at: number }>();

/**
 * The rows and total of one page: `FROM` this, with the requests' stored views completed by the database as
 * JSON text (with the signatories, the page count, the owner's name), which the API sends as they are. The
 * page's bounds are the parameters `limit` and `offset` name (placeholders such as `$2`), never numbers in
 * the text: a text per page would be a statement per page.
 */
function pageOf(where: string, order: string, limit: string, offset: string): string {
  return `(SELECT '[' || coalesce(string_agg(${VIEW}, ',' ORDER BY ${order}), '') || ']' AS items,
                  count(*)::integer AS shown
             FROM (SELECT * FROM signature_request r ${where}
                    ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) r
             LEFT JOIN app_user u ON u.id = r.owner_id
             LEFT JOIN document d ON d.id = r.document_id
             LEFT JOIN LATERAL (SELECT string_agg(list_view, ',' ORDER BY sign_order) AS views
                                  FROM signatory WHERE request_id = r.id) s ON true) page`;
}

type SortField = SignatureListQuery['sortField'];
type SortOrder = SignatureListQuery['sortOrder'];

const orderOf = (field: SortField, direction: SortOrder): string =>
  `${SORT_COLUMNS[field]} ${direction}, r.id ASC`;

/** The statements of the unfiltered pages in one sort order: the agencies asking ($1), and everyone. */
interface UnfilteredStatements {
  agencies: PreparedStatement;
  everyone: PreparedStatement;
}

/**
 * The unfiltered pages' statements, kept prepared: two per sort column and direction, all declared here at
 * start. Filtered pages, whose text follows the filters asked, are planned per call and not kept.
 */
const UNFILTERED = new Map<string, UnfilteredStatements>(
  (Object.keys(SORT_COLUMNS) as SortField[]).flatMap((field) =>
    (['ASC', 'DESC'] as const).map((direction): [string, UnfilteredStatements] => {
      const order = orderOf(field, direction);
      return [
        `${field} ${direction}`,
        {
          agencies: preparedStatement(
            `SELECT o.agency_id::text AS agency_id, page.items, page.shown, coalesce(c.requests, 0) AS matching
               FROM unnest($1::uuid[]) AS o(agency_id)
              CROSS JOIN LATERAL ${pageOf('WHERE r.agency_id = o.agency_id', order, '$2', '$3')}
               LEFT JOIN member_request_count c ON c.agency_id = o.agency_id`,
          ),
          everyone: preparedStatement(
            `SELECT page.items, page.shown,
                    (SELECT coalesce(sum(requests), 0)::integer FROM member_request_count) AS matching
               FROM ${pageOf('', order, '$1', '$2')}`,
          ),
        },
      ];
    }),
  ),
);

function unfilteredStatements(field: SortField, direction: SortOrder): UnfilteredStatements {
  const statements = UNFILTERED.get(`${field} ${direction}`);
  if (!statements) throw new Error(`No list statement for ${field} ${direction}`);
  return statements;
}

/** An unfiltered page asked: whose (an agency's, or null: everyone's, for an administrator), and which part. */
interface UnfilteredAsk {
  agencyId: string | null;
  sortField: SortField;
  sortOrder: SortOrder;
  limit: number;
  offset: number;
}

/**
 * Pages of the list, each in one statement. Unfiltered, the total is the member's request count the database
 * keeps (exact, whatever the size); filtered, the matching rows are counted up to EXACT_TOTAL_UP_TO + 1, and
 * beyond that the planner's estimate is given.
 *
 * Unfiltered pages (the list as it opens, the most asked read) asked together are answered together: one
 * statement per page position for all the members asking (see Batcher), each member's page computed once
 * however many of their calls wait for it. A call joins only a statement that starts after it arrived, so
 * it sees every change made before it, as a statement of its own would.
 */
export class SignatureListPages {
  private readonly unfiltered = new Batcher<UnfilteredAsk, Page>((asks) => this.unfilteredPages(asks));

  constructor(private readonly dataSource: DataSource) {}

  async page(query: SignatureListQuery, scope: RequestScope): Promise<SignatureListPage> {
    // A person's own requests (created or in their charge) have no kept count: planned per call.
    const filtered =
      scope.kind === 'person' ||
      Boolean(query.status || query.signingMode || query.amlRiskLevel || query.documentType || query.q);
    const { sortField, sortOrder, limit, offset } = query;
    if (!filtered) {
      const { body, shown, matching } = await this.unfiltered.submit({
        agencyId: scope.kind === 'agency' ? scope.agencyId : null,
        sortField,
        sortOrder,
        limit,
        offset,
      });
      return { body, count: shown, total: matching, estimated: false };
    }
    const { where, parameters } = signatureListFilter(query, scope);
    const total = `(SELECT count(*)::integer FROM (SELECT 1 FROM signature_request r ${where} LIMIT ${EXACT_TOTAL_UP_TO + 1}) m)`;
    const bounds = [`$${parameters.length + 1}`, `$${parameters.length + 2}`] as const;
    const [row] = await this.dataSource.query<PageRow[]>(
      `SELECT page.items, page.shown, ${total} AS matching
         FROM ${pageOf(where, orderOf(sortField, sortOrder), ...bounds)}`,
      [...parameters, limit, offset],
    );
    const { body, shown: count, matching } = encoded(row);
    if (matching <= EXACT_TOTAL_UP_TO) return { body, count, total: matching, estimated: false };
    // A page that ends the list tells the total exactly.
    if (count > 0 && count < limit) return { body, count, total: offset + count, estimated: false };
    const planned = await plannedRows(
      this.dataSource,
      `SELECT 1 FROM signature_request r ${where}`,
      parameters,
    );
    const shown = offset + count + (count === limit ? 1 : 0);
    return { body, count, total: Math.max(EXACT_TOTAL_UP_TO + 1, planned, shown), estimated: true };
  }

  /** One statement per page position: every agency asking it at once, and the whole list once. */
  private async unfilteredPages(asks: UnfilteredAsk[]): Promise<Page[]> {
    const positions = new Map<string, { ask: UnfilteredAsk; agencies: Set<string>; everyone: boolean }>();
    for (const ask of asks) {
      const key = positionOf(ask);
      const position = positions.get(key) ?? { ask, agencies: new Set<string>(), everyone: false };
      positions.set(key, position);
      if (ask.agencyId === null) position.everyone = true;
      else position.agencies.add(ask.agencyId);
    }
    const pages = new Map<string, Page>();
    const statements: Promise<void>[] = [];
    for (const [key, { ask, agencies, everyone }] of positions) {
      const { agencies: perAgency, everyone: all } = unfilteredStatements(ask.sortField, ask.sortOrder);
      if (agencies.size > 0) {
        const rows = preparedQuery<PageRow & { agency_id: string }>(this.dataSource, perAgency, [
          [...agencies],
          ask.limit,
          ask.offset,
        ]);
        statements.push(
          rows.then((found) => found.forEach((row) => pages.set(`${key}|${row.agency_id}`, encoded(row)))),
        );
      }
      if (everyone) {
        const rows = preparedQuery<PageRow>(this.dataSource, all, [ask.limit, ask.offset]);
        statements.push(rows.then(([row]) => void pages.set(`${key}|`, encoded(row))));
      }
    }
    await Promise.all(statements);
    return asks.map((ask) => {
      const page = pages.get(`${positionOf(ask)}|${ask.agencyId ?? ''}`);
      if (!page) throw new Error('A list page was asked and not answered');
      return page;
    });
  }
}

/** A page's position in the list: its sort and bounds, whoever asks it. */
function positionOf(ask: UnfilteredAsk): string {
  return `${ask.sortField}|${ask.sortOrder}|${ask.limit}|${ask.offset}`;
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
