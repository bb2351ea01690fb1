import { type OutboxMessageView, type UserView } from '@esign/shared';
import simpleRestProvider from 'ra-data-simple-rest';
import { type DataProvider, HttpError } from 'react-admin';
import { httpClient } from './httpClient';

export const API_URL = '/api';

/** `null` when the server delivers through real providers and has no outbox to show. */
export type OutboxResult = OutboxMessageView[] | null;

export interface AppDataProvider extends DataProvider {
  /** `GET /api/dev/outbox?to=`: the newest messages the embedded mail and SMS senders kept. */
  getDevOutbox(recipient: string): Promise<OutboxResult>;
  /** `POST|DELETE /api/users/{id}/access`: gives back or removes a member's access. */
  setUserAccess(id: string, enabled: boolean): Promise<UserView | null>;
  /** Uploads a new logo through the pre-signed address, then has the server derive the thumbnail. */
  uploadAvatar(id: string, image: Blob): Promise<void>;
}

/** The API refuses shorter searches (spec §5); until then the list stays unfiltered. */
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
  getDevOutbox,
  setUserAccess,
  uploadAvatar,
};
