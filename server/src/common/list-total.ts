import { type DataSource, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';

/** Lists are counted exactly up to this many rows; beyond, the planner's estimate is given (and said so). */
export const EXACT_TOTAL_UP_TO = 1000;

export interface ListTotal {
  total: number;
  /** The total is the planner's estimate (more than EXACT_TOTAL_UP_TO rows match). */
  estimated: boolean;
}

interface QueryPlan {
  'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }];
}

/**
 * The total of a filtered list, at a cost that does not grow with the table: none when the page itself ends
 * the list; else the matching rows counted up to EXACT_TOTAL_UP_TO + 1 (an index-only scan with the right
 * index); past that, the planner's row estimate, never below what the pages already show.
 */
export async function listTotal<T extends ObjectLiteral>(
  dataSource: DataSource,
  filtered: SelectQueryBuilder<T>,
  page: { offset: number; limit: number; count: number },
): Promise<ListTotal> {
  if (page.count < page.limit && (page.count > 0 || page.offset === 0)) {
    return { total: page.offset + page.count, estimated: false };
  }
  const [sql, parameters] = filtered
    .clone()
    .select('1')
    .orderBy()
    .offset(undefined)
    .limit(undefined)
    .getQueryAndParameters();
  const [counted] = await dataSource.query<{ total: number }[]>(
    `SELECT count(*)::integer AS total FROM (${sql} LIMIT ${EXACT_TOTAL_UP_TO + 1}) matching`,
    parameters,
  );
  const exact = counted?.total ?? 0;
  if (exact <= EXACT_TOTAL_UP_TO) return { total: exact, estimated: false };
  const [plan] = await dataSource.query<QueryPlan[]>(`EXPLAIN (FORMAT JSON) ${sql}`, parameters);
  const planned = Math.round(plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  const shown = page.offset + page.count + (page.count === page.limit ? 1 : 0);
  return { total: Math.max(EXACT_TOTAL_UP_TO + 1, planned, shown), estimated: true };
}
