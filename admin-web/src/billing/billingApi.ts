import {
  type BillingStatement,
  type DashboardView,
  type PriceListInput,
  type PriceListView,
} from '@esign/shared';
import { currentIdToken } from '../providers/cognito';
import { httpClient } from '../providers/httpClient';

const API_URL = '/api';

async function getJson<T>(url: string, options?: Parameters<typeof httpClient>[1]): Promise<T> {
  return (await httpClient(url, options)).json as T;
}

function statementPath(month: string, extension: '' | '.csv', memberId?: string): string {
  const query = memberId ? `?${new URLSearchParams({ memberId }).toString()}` : '';
  return `${API_URL}/billing/${encodeURIComponent(month)}${extension}${query}`;
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
  /** `GET /api/billing/{yyyy-mm}.csv` as a file the browser can save. */
  getBillingCsv(month: string, memberId?: string): Promise<Blob>;
}

// fetchJson would parse the body as JSON; the CSV must stay bytes (its BOM included).
async function getBillingCsv(month: string, memberId?: string): Promise<Blob> {
  const token = await currentIdToken();
  const response = await fetch(statementPath(month, '.csv', memberId), {
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
  getBillingStatement: (month, memberId) => getJson(statementPath(month, '', memberId)),
  getBillingCsv,
};
