import { type SignatureRequestView } from '@esign/shared';
import { type DataSource } from 'typeorm';
import { likePattern } from '../../common/list-query';
import { EXACT_TOTAL_UP_TO, type ListTotal } from '../../common/list-total';
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

/** toSignatoryView, in SQL (the list's tests compare both). */
const SIGNATORY_VIEW = `json_build_object(
  'signatoryId', s.id, 'name', s.name, 'email', s.email, 'mobile', s.mobile, 'order', s.sign_order,
  'placement', json_build_object('page', s.placement_page, 'position', s.placement_position),
  'status', s.status, 'invitedAt', ${iso('s.invited_at')}, 'signedAt', ${iso('s.signed_at')},
  'location', s.location, 'lastRemindedAt', ${iso('s.last_reminded_at')}, 'declinedAt', ${iso('s.declined_at')})`;

/** toSignatureView, in SQL, for a request `r` with its owner `u`, its document `d` and signatories `s`. */
const REQUEST_VIEW = `json_build_object(
  'id', r.id, 'status', r.status, 'signatureTitle', r.title, 'documentName', r.document_name,
  'documentType', r.document_type, 'documentId', r.document_id, 'templateType', r.template_type,
  'signingMode', r.signing_mode, 'signingFlow', r.signing_flow, 'signatureSize', r.signature_size,
  'sealPage', r.seal_page, 'sealSize', r.seal_size, 'language', r.language,
  'pageCount', coalesce(d.page_count, 0), 'signatories', coalesce(s.views, '[]'::json),
  'createdAt', ${iso('r.created_at')}, 'updatedAt', ${iso('r.updated_at')}, 'sentAt', ${iso('r.sent_at')},
  'completedAt', ${iso('r.completed_at')}, 'sealedAt', ${iso('r.sealed_at')},
  'cancelledAt', ${iso('r.cancelled_at')}, 'expiresAt', ${iso('r.expires_at')},
  'expiredAt', ${iso('r.expired_at')},
  'decline', CASE WHEN r.status = 'DECLINED' AND r.declined_at IS NOT NULL THEN json_build_object(
    'signatoryId', coalesce(r.declined_by::text, ''),
    'signatoryName', coalesce((SELECT name FROM signatory WHERE id = r.declined_by AND request_id = r.id), ''),
    'reason', coalesce(r.decline_reason, ''), 'declinedAt', ${iso('r.declined_at')}) END,
  'nextReminderAvailability', CASE WHEN r.next_reminder_at > now() THEN ${iso('r.next_reminder_at')} END,
  'ownerName', coalesce(nullif(u.name, ''), nullif(u.email, ''), ''), 'amlRisk', r.aml_risk)`;

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
  items: SignatureRequestView[];
  matching: number;
}

interface QueryPlan {
  'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }];
}

/**
 * One page of the list in one statement: the views built by the database (with the owner's name, the page
 * count and the signatories) and the matching rows counted up to EXACT_TOTAL_UP_TO + 1. Beyond that
 * bound, a second statement asks the planner for its estimate of the total.
 */
export async function signatureListPage(
  dataSource: DataSource,
  query: SignatureListQuery,
  ownerId: string | null,
): Promise<{ items: SignatureRequestView[] } & ListTotal> {
  const { where, parameters } = signatureListFilter(query, ownerId);
  const order = `${SORT_COLUMNS[query.sortField]} ${query.sortOrder}, r.id ASC`;
  const limit = `$${parameters.length + 1}`;
  const offset = `$${parameters.length + 2}`;
  const [row] = await dataSource.query<PageRow[]>(
    `SELECT
       (SELECT count(*)::integer FROM (SELECT 1 FROM signature_request r ${where} LIMIT ${EXACT_TOTAL_UP_TO + 1})
          matching) AS matching,
       (SELECT coalesce(json_agg(${REQUEST_VIEW} ORDER BY ${order}), '[]'::json)
          FROM (SELECT * FROM signature_request r ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) r
          LEFT JOIN app_user u ON u.id = r.owner_id
          LEFT JOIN document d ON d.id = r.document_id
          LEFT JOIN LATERAL (SELECT json_agg(${SIGNATORY_VIEW} ORDER BY s.sign_order) AS views
                               FROM signatory s WHERE s.request_id = r.id) s ON true) AS items`,
    [...parameters, query.limit, query.offset],
  );
  const items = row?.items ?? [];
  const matching = row?.matching ?? 0;
  if (matching <= EXACT_TOTAL_UP_TO) return { items, total: matching, estimated: false };
  // A page that ends the list tells the total exactly.
  if (items.length > 0 && items.length < query.limit) {
    return { items, total: query.offset + items.length, estimated: false };
  }
  const [plan] = await dataSource.query<QueryPlan[]>(
    `EXPLAIN (FORMAT JSON) SELECT 1 FROM signature_request r ${where}`,
    parameters,
  );
  const planned = Math.round(plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  const shown = query.offset + items.length + (items.length === query.limit ? 1 : 0);
  return { items, total: Math.max(EXACT_TOTAL_UP_TO + 1, planned, shown), estimated: true };
}
