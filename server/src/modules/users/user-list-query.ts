import { ErrorCode, USER_STATUS_FILTERS, type UserStatusFilter } from '@esign/shared';
import { AppException } from '../../common/app-exception';

/** react-admin's ra-data-simple-rest list parameters: `sort`, `range` and `filter`, each JSON. */
export interface ListQueryParams {
  sort?: string;
  range?: string;
  filter?: string;
}

export interface UserListQuery {
  sortField: 'name' | 'email' | 'createdAt' | 'isDisabled';
  sortOrder: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  q?: string;
  status?: UserStatusFilter;
}

const SORTABLE = ['name', 'email', 'createdAt', 'isDisabled'] as const;
const MAX_PAGE = 200;

function parseJson(value: string | undefined, field: string): unknown {
  if (value === undefined || value === '') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new AppException(ErrorCode.VALIDATION_FAILED, { [field]: 'validation.json' });
  }
}

function parseSort(raw: unknown): Pick<UserListQuery, 'sortField' | 'sortOrder'> {
  if (raw === undefined) return { sortField: 'createdAt', sortOrder: 'DESC' };
  const [field, order] = Array.isArray(raw) ? (raw as unknown[]) : [];
  if (!SORTABLE.includes(field as UserListQuery['sortField']) || (order !== 'ASC' && order !== 'DESC')) {
    throw new AppException(ErrorCode.VALIDATION_FAILED, { sort: 'validation.sort' });
  }
  return { sortField: field as UserListQuery['sortField'], sortOrder: order };
}

function parseRange(raw: unknown): Pick<UserListQuery, 'offset' | 'limit'> {
  if (raw === undefined) return { offset: 0, limit: 25 };
  const [start, end] = Array.isArray(raw) ? (raw as unknown[]) : [];
  if (
    !Number.isInteger(start) ||
    !Number.isInteger(end) ||
    (start as number) < 0 ||
    (end as number) < (start as number)
  ) {
    throw new AppException(ErrorCode.VALIDATION_FAILED, { range: 'validation.range' });
  }
  return { offset: start as number, limit: Math.min((end as number) - (start as number) + 1, MAX_PAGE) };
}

function parseFilter(raw: unknown): Pick<UserListQuery, 'q' | 'status'> {
  if (raw === undefined) return {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new AppException(ErrorCode.VALIDATION_FAILED, { filter: 'validation.filter' });
  }
  const { q, status } = raw as { q?: unknown; status?: unknown };
  if (status !== undefined && !USER_STATUS_FILTERS.includes(status as UserStatusFilter)) {
    throw new AppException(ErrorCode.VALIDATION_FAILED, { 'filter.status': 'validation.isIn' });
  }
  // Searching needs two characters at least (spec §5); a shorter text filters nothing.
  const text = typeof q === 'string' && q.trim().length >= 2 ? q.trim() : undefined;
  return { ...(text ? { q: text } : {}), ...(status ? { status: status as UserStatusFilter } : {}) };
}

export function parseUserListQuery(params: ListQueryParams): UserListQuery {
  return {
    ...parseSort(parseJson(params.sort, 'sort')),
    ...parseRange(parseJson(params.range, 'range')),
    ...parseFilter(parseJson(params.filter, 'filter')),
  };
}

// `users 0-24/319`, or `users */0` for an empty page (the RFC 7233 form react-admin reads).
export function contentRange(resource: string, offset: number, count: number, total: number): string {
  return count === 0 ? `${resource} */${total}` : `${resource} ${offset}-${offset + count - 1}/${total}`;
}
