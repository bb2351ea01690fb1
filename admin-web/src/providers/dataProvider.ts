import {
  type OutboxMessageView,
  type PdfCompleteResponse,
  type PdfRequest,
  type PdfTemplateResponse,
  type PdfUploadResponse,
  type ReminderResponse,
  type SignatureDetailsView,
  type SignatureDownloadResponse,
  type SignatureRequestView,
  type TemplateFormData,
  type TemplateType,
  type UserView,
} from '@esign/shared';
import simpleRestProvider from 'ra-data-simple-rest';
import { type DataProvider, HttpError } from 'react-admin';
import { type BillingDataProvider, billingApi } from '../billing/billingApi';
import { type TeamDataProvider, teamApi } from '../team/teamApi';
import { type UploadProgress, putWithProgress } from '../pdf/uploadWithProgress';
import { cleanUserInput } from '../users/cleanUserInput';
import { currentIdToken } from './cognito';
import { httpClient } from './httpClient';

export const API_URL = '/api';

/** `null` when the server delivers through real providers and has no outbox to show. */
export type OutboxResult = OutboxMessageView[] | null;

export interface AppDataProvider extends DataProvider, BillingDataProvider, TeamDataProvider {
  /** `GET /api/dev/outbox?to=`: the newest messages the embedded mail and SMS senders kept. */
  getDevOutbox(recipient: string): Promise<OutboxResult>;
  /** `POST|DELETE /api/users/{id}/access`: gives back or removes a member's access. */
  setUserAccess(id: string, enabled: boolean): Promise<UserView | null>;
  /** Uploads a new logo through the pre-signed address, then has the server derive the thumbnail. */
  uploadAvatar(id: string, image: Blob): Promise<void>;
  /** `GET /api/signatures/{id}/details`: the request with its audit trail. */
  getSignatureDetails(id: string): Promise<SignatureDetailsView>;
  /** `DELETE /api/signatures/{id}`: cancels the request, which stays listed as CANCELLED. */
  cancelSignature(id: string): Promise<SignatureRequestView>;
  /** `POST /api/signatures/{id}/reminder`: reminds the signatories whose turn it is. */
  remindSignatories(id: string): Promise<ReminderResponse>;
  /** `POST /api/signatures/{id}/expiry`: moves the expiry date of a request not yet expired `days` later. */
  extendSignature(id: string, days: number): Promise<SignatureRequestView>;
  /** `POST /api/signatures/{id}/assignee` (managers): another person of the agency is in charge of it. */
  assignSignature(id: string, userId: string): Promise<SignatureRequestView>;
  /** `GET /api/signatures/{id}/download`: where the signed document can be fetched. */
  getSignatureDownload(id: string): Promise<SignatureDownloadResponse>;
  /** Asks for an upload address, then PUTs the file to it while reporting progress; answers the file id. */
  uploadPdf(
    file: File,
    onProgress: (progress: UploadProgress) => void,
    signal?: AbortSignal,
  ): Promise<string>;
  /** `POST /api/pdf/{fileId}/complete`: has the server check and keep the uploaded file. */
  completePdf(fileId: string): Promise<PdfCompleteResponse>;
  /** `POST /api/pdf` for a template: (re)generates the document from the form's data. */
  generateTemplatePdf(request: TemplatePdfRequest): Promise<PdfTemplateResponse>;
  /** `GET /api/pdf/{documentId}`: a stored document's metadata and a short-lived address of its bytes. */
  getPdf(documentId: string): Promise<StoredPdf>;
  /**
   * A stored document's bytes, fetched at once while its short-lived address is valid: pdf.js would otherwise
   * come back to the address for later pages, after it expired. The address authorises itself.
   */
  getPdfBytes(documentId: string): Promise<Blob>;
  /** `POST /api/templates/{type}/preview`: the form as printed so far (invalid answers left blank); nothing is stored. */
  previewTemplatePdf(
    templateType: TemplateType,
    formData: TemplateFormData,
    signal?: AbortSignal,
  ): Promise<TemplatePreview>;
}

export interface TemplatePreview {
  pdf: Blob;
  pageCount: number;
}

export interface TemplatePdfRequest {
  templateType: TemplateType;
  formData: TemplateFormData;
  /** The document generated earlier from the same template, to regenerate rather than create anew. */
  documentId?: string;
}

export type StoredPdf = PdfCompleteResponse & { url: string };

/** The API refuses shorter searches; until then the list stays unfiltered. */
export const SEARCH_MIN_LENGTH = 2;

function isOutboxMessage(value: unknown): value is OutboxMessageView {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Partial<OutboxMessageView>;
  return (
    (message.channel === 'email' || message.channel === 'sms') &&
    typeof message.to === 'string' &&
    typeof message.body === 'string'
  );
}

async function getDevOutbox(recipient: string): Promise<OutboxResult> {
  const query = new URLSearchParams({ to: recipient.trim() }).toString();
  try {
    const response = await httpClient(`${API_URL}/dev/outbox?${query}`);
    const json: unknown = response.json;
    return Array.isArray(json) ? json.filter(isOutboxMessage) : [];
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

async function setUserAccess(id: string, enabled: boolean): Promise<UserView | null> {
  const response = await httpClient(`${API_URL}/users/${encodeURIComponent(id)}/access`, {
    method: enabled ? 'POST' : 'DELETE',
  });
  const body = response.json as { user?: UserView } | undefined;
  return body?.user ?? null;
}

async function uploadAvatar(id: string, image: Blob): Promise<void> {
  const path = `${API_URL}/users/${encodeURIComponent(id)}/avatar`;
  const response = await httpClient(path);
  const url = (response.json as { avatar?: { url?: unknown } } | undefined)?.avatar?.url;
  if (typeof url !== 'string') throw new Error('GET avatar answered no upload address');
  // The pre-signed address authorises the upload by itself; it must not receive the session token.
  const upload = await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: image });
  if (!upload.ok) throw new Error(`The avatar upload answered ${upload.status}`);
  await httpClient(path, { method: 'POST', body: JSON.stringify({}) });
}

function signaturePath(id: string, action?: string): string {
  const base = `${API_URL}/signatures/${encodeURIComponent(id)}`;
  return action ? `${base}/${action}` : base;
}

async function getJson<T>(url: string, options?: Parameters<typeof httpClient>[1]): Promise<T> {
  const response = await httpClient(url, options);
  return response.json as T;
}

function postJson<T>(url: string, body: unknown): Promise<T> {
  return getJson<T>(url, { method: 'POST', body: JSON.stringify(body) });
}

async function uploadPdf(
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<string> {
  const request: PdfRequest = { documentType: 'CUSTOM', size: file.size, fileName: file.name };
  const { fileId, url } = await postJson<PdfUploadResponse>(`${API_URL}/pdf`, request);
  await putWithProgress(url, file, 'application/pdf', onProgress, signal);
  return fileId;
}

function getPdf(documentId: string): Promise<StoredPdf> {
  return getJson(`${API_URL}/pdf/${encodeURIComponent(documentId)}`);
}

function generateTemplatePdf({ templateType, formData, documentId }: TemplatePdfRequest) {
  const update = documentId ? { mode: 'UPDATE' as const, documentId } : {};
  return postJson<PdfTemplateResponse>(`${API_URL}/pdf`, {
    documentType: 'TEMPLATE',
    templateType,
    formData,
    ...update,
  });
}

function parseErrorBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The wait a 429 asks for, in the body's milliseconds, from the header's seconds when the body has none. */
function withRetryAfter(body: unknown, header: string | null): unknown {
  const seconds = Number(header);
  if (!header?.trim() || !Number.isFinite(seconds)) return body;
  const fields = typeof body === 'object' && body !== null ? body : {};
  return 'retryAfter' in fields ? fields : { ...fields, retryAfter: seconds * 1000 };
}

// fetchJson would read the answer as text and parse it: the preview must stay bytes.
async function previewTemplatePdf(
  templateType: TemplateType,
  formData: TemplateFormData,
  signal?: AbortSignal,
): Promise<TemplatePreview> {
  const token = await currentIdToken();
  const response = await fetch(`${API_URL}/templates/${encodeURIComponent(templateType)}/preview`, {
    method: 'POST',
    headers: {
      Accept: 'application/pdf',
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ formData }),
    signal,
  });
  if (!response.ok) {
    const body = parseErrorBody(await response.text());
    throw new HttpError(
      response.statusText || `The preview answered ${response.status}`,
      response.status,
      withRetryAfter(body, response.headers.get('Retry-After')),
    );
  }
  const pdf = await response.blob();
  const pageCount = Number(response.headers.get('X-Page-Count'));
  return { pdf, pageCount: Number.isInteger(pageCount) && pageCount > 0 ? pageCount : 1 };
}

const rest = simpleRestProvider(API_URL, httpClient);

export const dataProvider: AppDataProvider = {
  ...rest,
  getList: (resource, params) => {
    const filter: Record<string, unknown> = { ...(params.filter as Record<string, unknown> | undefined) };
    const q = filter.q;
    delete filter.q;
    const search = typeof q === 'string' ? q.trim() : '';
    const usable = search.length >= SEARCH_MIN_LENGTH ? { ...filter, q: search } : filter;
    return rest.getList(resource, { ...params, filter: usable });
  },
  create: (resource, params) =>
    rest.create(resource, resource === 'users' ? { ...params, data: cleanUserInput(params.data) } : params),
  update: (resource, params) =>
    rest.update(resource, resource === 'users' ? { ...params, data: cleanUserInput(params.data) } : params),
  getDevOutbox,
  setUserAccess,
  uploadAvatar,
  getSignatureDetails: (id) => getJson(signaturePath(id, 'details')),
  cancelSignature: (id) => getJson(signaturePath(id), { method: 'DELETE' }),
  remindSignatories: (id) => postJson(signaturePath(id, 'reminder'), {}),
  extendSignature: (id, days) => postJson(signaturePath(id, 'expiry'), { days }),
  assignSignature: (id, userId) => postJson(signaturePath(id, 'assignee'), { userId }),
  getSignatureDownload: (id) => getJson(signaturePath(id, 'download')),
  uploadPdf,
  completePdf: (fileId) => postJson(`${API_URL}/pdf/${encodeURIComponent(fileId)}/complete`, {}),
  generateTemplatePdf,
  getPdf,
  getPdfBytes: async (documentId) => {
    const stored = await getPdf(documentId);
    const response = await fetch(stored.url);
    if (!response.ok) throw new Error(`The document answered ${response.status}`);
    return response.blob();
  },
  previewTemplatePdf,
  ...billingApi,
  ...teamApi,
};
