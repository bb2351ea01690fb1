import { type OutboxMessageView } from '@esign/shared';
import simpleRestProvider from 'ra-data-simple-rest';
import { type DataProvider, HttpError } from 'react-admin';
import { httpClient } from './httpClient';

export const API_URL = '/api';

/** `null` when the server delivers through real providers and has no outbox to show. */
export type OutboxResult = OutboxMessageView[] | null;

export interface AppDataProvider extends DataProvider {
  /** `GET /api/dev/outbox?to=`: the newest messages the embedded mail and SMS senders kept. */
  getDevOutbox(recipient: string): Promise<OutboxResult>;
}

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

export const dataProvider: AppDataProvider = {
  ...simpleRestProvider(API_URL, httpClient),
  getDevOutbox,
};
