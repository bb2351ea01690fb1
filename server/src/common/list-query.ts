import { ErrorCode, SEARCH_MIN_LENGTH } from '@esign/shared';
import { AppException } from './app-exception';

/** react-admin's ra-data-simple-rest list parameters: `sort`, `range` and `filter`, each JSON. */
export interface ListQueryParams {
  sort?: string;
  range?: string;
  filter?: string;
}

export interface ListPage<F extends string> {
  sortField: F;
  sortOrder: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

/** The largest page a list call gets. */
export const MAX_PAGE = 200;

/** Refuses, while parsing, a string holding a NUL character (\u0000): no PostgreSQL text holds one. */
function withoutNul(_key: string, value: unknown): unknown {
  if (typeof value === 'string' && value.includes('\0')) throw new SyntaxError('NUL character');
  return value;
}

export function parseListJson(value: string | undefined, field: string): unknown {
  if (value === undefined || value === '') return undefined;
  try {
    return JSON.parse(value, withoutNul) as unknown;
  } catch {
    throw new AppException(ErrorCode.VALIDATION_FAILED, { [field]: 'validation.json' });
  }
}

function parseSort<F extends string>(
  raw: unknown,
  sortable: readonly F[],
  fallback: F,
): Omit<ListPage<F>, 'offset' | 'limit'> {
  if (raw === undefined) return { sortField: fallback, sortOrder: 'DESC' };
  const [field, order] = Array.isArray(raw) ? (raw as unknown[]) : [];
  if (!sortable.includes(field as F) || (order !== 'ASC' && order !== 'DESC')) {
    throw new AppException(ErrorCode.VALIDATION_FAILED, { sort: 'validation.sort' });
  }
  return { sortField: field as F, sortOrder: order };
}

function parseRange(raw: unknown): { offset: number; limit: number } {
  if (raw === undefined) return { offset: 0, limit: 25 };
  const [start, end] = Array.isArray(raw) ? (raw as unknown[]) : [];
  if (
    !Number.isSafeInteger(start) ||
    !Number.isSafeInteger(end) ||
    (start as number) < 0 ||
    (end as number) < (start as number)
  ) {
    throw new AppException(ErrorCode.VALIDATION_FAILED, { range: 'validation.range' });
  }
  return { offset: start as number, limit: Math.min((end as number) - (start as number) + 1, MAX_PAGE) };
}

/** Sort (newest first by default) and range of a list call. */
export function parseListPage<F extends string>(
  params: ListQueryParams,
  sortable: readonly F[],
  fallback: F,
): ListPage<F> {
  return {
    ...parseSort(parseListJson(params.sort, 'sort'), sortable, fallback),
    ...parseRange(parseListJson(params.range, 'range')),
  };
}

/** The filter object of a list call ({} when absent). */
export function parseListFilter(params: ListQueryParams): Record<string, unknown> {
  const raw = parseListJson(params.filter, 'filter');
  if (raw === undefined) return {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new AppException(ErrorCode.VALIDATION_FAILED, { filter: 'validation.filter' });
  }
  return raw as Record<string, unknown>;
}

/**
 * Searching needs two characters at least; a shorter text filters nothing (the lists say so). A
 * search that is not a text (an object, a number) is refused rather than ignored: the list would otherwise
 * answer as if it had been searched.
 */
export function searchText(q: unknown): string | undefined {
  if (q === undefined || q === null) return undefined;
  if (typeof q !== 'string') {
    throw new AppException(ErrorCode.VALIDATION_FAILED, { 'filter.q': 'validation.isString' });
  }
  return q.trim().length >= SEARCH_MIN_LENGTH ? q.trim() : undefined;
}

/** A LIKE pattern matching `text` anywhere, with the pattern's own characters escaped. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// `users 0-24/319`, or `users */0` for an empty page (the RFC 7233 form react-admin reads). An estimated
// total reads `signatures 0-24/52000 (estimate)`: RFC 7233 leaves the rest of a non-byte range free, and
// ra-data-simple-rest reads the number before the note.
export function contentRange(
  resource: string,
  offset: number,
  count: number,
  total: number,
  estimated = false,
): string {
  const note = estimated ? ' (estimate)' : '';
  return count === 0
    ? `${resource} */${total}${note}`
    : `${resource} ${offset}-${offset + count - 1}/${total}${note}`;
}
