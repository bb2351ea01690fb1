import {
  type BillingStatement,
  type DashboardView,
  type Locale,
  type PriceListInput,
  type PriceListView,
} from '@esign/shared';
import { currentIdToken } from '../providers/cognito';
import { httpClient } from '../providers/httpClient';

const API_URL = '/api';

async function getJson<T>(url: string, options?: Parameters<typeof httpClient>[1]): Promise<T> {
  return (await httpClient(url, options)).json as T;
}

function statementPath(
  month: string,
  extension: '' | '.csv' | '.pdf',
  query: { memberId?: string; language?: Locale },
): string {
  const parameters = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  return `${API_URL}/billing/${encodeURIComponent(month)}${extension}${parameters ? `?${parameters}` : ''}`;
}

/** The billing and dashboard calls, added to the data provider beside the domain verbs. */
export interface BillingDataProvider {
  /** `GET /api/dashboard`. */
  getDashboard(): Promise<DashboardView>;
  /** `GET /api/billing/prices`: latest effective date first. */
  getPriceLists(): Promise<PriceListView[]>;
  /** `POST /api/billing/prices` (administrators): a list effective from today or later. */
  addPriceList(input: PriceListInput): Promise<PriceListView>;
  /** `GET /api/billing/{yyyy-mm}`: the caller's month, or everyone's for an administrator. */
  getBillingStatement(month: string, memberId?: string): Promise<BillingStatement>;
  /** `GET /api/billing/{yyyy-mm}.csv` as a file the browser can save, its columns in `language`. */
  getBillingCsv(month: string, language: Locale): Promise<Blob>;
  /**
   * `GET /api/billing/{yyyy-mm}.pdf`: one member's statement in that member's language. Administrators must
   * name the member; a member gets their own.
   */
  getBillingPdf(month: string, memberId?: string): Promise<Blob>;
  /** `DELETE /api/billing/prices/{id}` (administrators): only a list whose day has not begun. */
  deletePriceList(id: string): Promise<{ id: string }>;
}

// fetchJson would parse the body as JSON; a CSV or PDF must stay bytes (the CSV's BOM included).
async function downloadStatement(
  month: string,
  extension: '.csv' | '.pdf',
  query: { memberId?: string; language?: Locale },
): Promise<Blob> {
  const token = await currentIdToken();
  const response = await fetch(statementPath(month, extension, query), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`The statement download answered ${response.status}`);
  return response.blob();
}

export const billingApi: BillingDataProvider = {
  getDashboard: () => getJson(`${API_URL}/dashboard`),
  getPriceLists: () => getJson(`${API_URL}/billing/prices`),
  addPriceList: (input) =>
    getJson(`${API_URL}/billing/prices`, { method: 'POST', body: JSON.stringify(input) }),
  getBillingStatement: (month, memberId) => getJson(statementPath(month, '', { memberId })),
  getBillingCsv: (month, language) => downloadStatement(month, '.csv', { language }),
  getBillingPdf: (month, memberId) => downloadStatement(month, '.pdf', { memberId }),
  deletePriceList: (id) =>
    getJson(`${API_URL}/billing/prices/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
