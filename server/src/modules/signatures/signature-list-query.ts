import {
  DOCUMENT_TYPES,
  ErrorCode,
  RISK_LEVELS,
  SIGNATURE_STATUSES,
  SIGNING_MODES,
  type DocumentType,
  type RiskLevel,
  type SignatureStatus,
  type SigningMode,
} from '@esign/shared';
import { AppException } from '../../common/app-exception';
import {
  parseListFilter,
  parseListPage,
  searchText,
  type ListPage,
  type ListQueryParams,
} from '../../common/list-query';

const SORTABLE = ['createdAt', 'updatedAt', 'signatureTitle', 'status'] as const;

export interface SignatureListQuery extends ListPage<(typeof SORTABLE)[number]> {
  q?: string;
  status?: SignatureStatus;
  signingMode?: SigningMode;
  documentType?: DocumentType;
  /** Requests sent with an AML form that led to this risk level. */
  amlRiskLevel?: RiskLevel;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (!allowed.includes(value as T)) {
    throw new AppException(ErrorCode.VALIDATION_FAILED, { [`filter.${field}`]: 'validation.isIn' });
  }
  return value as T;
}

export function parseSignatureListQuery(params: ListQueryParams): SignatureListQuery {
  const filter = parseListFilter(params);
  const q = searchText(filter.q);
  const status = oneOf(filter.status, SIGNATURE_STATUSES, 'status');
  const signingMode = oneOf(filter.signingMode, SIGNING_MODES, 'signingMode');
  const documentType = oneOf(filter.documentType, DOCUMENT_TYPES, 'documentType');
  const amlRiskLevel = oneOf(filter.amlRiskLevel, RISK_LEVELS, 'amlRiskLevel');
  return {
    ...parseListPage(params, SORTABLE, 'createdAt'),
    ...(q ? { q } : {}),
    ...(status ? { status } : {}),
    ...(signingMode ? { signingMode } : {}),
    ...(documentType ? { documentType } : {}),
    ...(amlRiskLevel ? { amlRiskLevel } : {}),
  };
}
