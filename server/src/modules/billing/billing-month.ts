import { BILLING_MONTH_PATTERN, BILLING_TIME_ZONE, ErrorCode } from '@esign/shared';
import { AppException } from '../../common/app-exception';

const ZONE = `'${BILLING_TIME_ZONE}'`;

/**
 * SQL for the first instant of the Luxembourg month named by the text parameter `$n` (`yyyy-mm`), and of
 * the month after it. Computed by PostgreSQL's time-zone rules so daylight saving is handled once.
 */
export function monthStartSql(param: string): string {
  return `((${param} || '-01')::timestamp AT TIME ZONE ${ZONE})`;
}

export function monthEndSql(param: string): string {
  return `(((${param} || '-01')::timestamp + interval '1 month') AT TIME ZONE ${ZONE})`;
}

/** The Luxembourg calendar day of a moment, as SQL. */
export function luxembourgDaySql(moment: string): string {
  return `((${moment}) AT TIME ZONE ${ZONE})::date`;
}

/** The current Luxembourg month and the one before, as `yyyy-mm`. */
export const CURRENT_AND_LAST_MONTH_SQL = `
  SELECT to_char(now() AT TIME ZONE ${ZONE}, 'YYYY-MM') AS current,
         to_char(date_trunc('month', now() AT TIME ZONE ${ZONE}) - interval '1 month', 'YYYY-MM') AS last`;

export type StatementFormat = 'json' | 'csv' | 'pdf';

/**
 * `2025-03`, `2025-03.csv` or `2025-03.pdf` from the path. A path that names no month is an unknown address
 * (404), whatever the format asked for.
 */
export function parseStatementPath(value: string): { month: string; format: StatementFormat } {
  const format: StatementFormat = value.endsWith('.csv') ? 'csv' : value.endsWith('.pdf') ? 'pdf' : 'json';
  const month = format === 'json' ? value : value.slice(0, -4);
  if (BILLING_MONTH_PATTERN.test(month)) return { month, format };
  throw new AppException(ErrorCode.NOT_FOUND);
}
