import { ErrorCode, USER_STATUS_FILTERS, type UserStatusFilter } from '@esign/shared';
import { AppException } from '../../common/app-exception';
import {
  parseListFilter,
  parseListPage,
  searchText,
  type ListPage,
  type ListQueryParams,
} from '../../common/list-query';

export { contentRange, type ListQueryParams } from '../../common/list-query';

const SORTABLE = ['name', 'email', 'createdAt', 'isDisabled'] as const;

export interface UserListQuery extends ListPage<(typeof SORTABLE)[number]> {
  q?: string;
  status?: UserStatusFilter;
}

export function parseUserListQuery(params: ListQueryParams): UserListQuery {
  const { q, status } = parseListFilter(params);
  if (status !== undefined && !USER_STATUS_FILTERS.includes(status as UserStatusFilter)) {
    throw new AppException(ErrorCode.VALIDATION_FAILED, { 'filter.status': 'validation.isIn' });
  }
  const text = searchText(q);
  return {
    ...parseListPage(params, SORTABLE, 'createdAt'),
    ...(text ? { q: text } : {}),
    ...(status ? { status: status as UserStatusFilter } : {}),
  };
}
