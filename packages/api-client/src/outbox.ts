import type { OutboxMessageView } from '@esign/shared';
import type { ApiClient } from './api-client';

/** A message the product sent, as far as a driver reads it. */
export type SentMessage = Pick<OutboxMessageView, 'channel' | 'body'>;

/**
 * Where a driver reads what the product sent to a recipient, newest first: the development outbox over HTTP,
 * the outbox table, or a stand-in of the e-mail or SMS provider.
 */
export type Inbox = (recipient: string) => Promise<readonly SentMessage[]>;

/** The development outbox (`GET /api/dev/outbox`), read by an administrator. */
export function devOutbox(admin: ApiClient): Inbox {
  return (recipient) => admin.outbox(recipient);
}

/** A signing link in a message: the request and the link's key (decoded). */
const SIGNING_LINK = /\/sign\/([0-9a-f-]{36})\?key=([\w%-]+)/;
/** The SMS starts with the code. */
const CODE = /^([0-9A-Z]{8})\b/;
/** The temporary password line of the welcome e-mail, in each language. */
const TEMPORARY_PASSWORD =
  /(?:Mot de passe temporaire :|Temporary password:|Vorläufiges Passwort:|Temporärt Passwuert:) (\S+)/;

/** The signing link in a message's text: its path and query as sent, the request and the decoded key. */
export function signingLinkIn(text: string): { path: string; requestId: string; key: string } | undefined {
  const match = SIGNING_LINK.exec(text);
  if (!match?.[1] || !match[2]) return undefined;
  return { path: match[0], requestId: match[1], key: decodeURIComponent(match[2]) };
}

/** The code an SMS carries (it starts with it). */
export function codeIn(text: string): string | undefined {
  return CODE.exec(text)?.[1];
}

/** The temporary password a welcome e-mail carries. */
export function temporaryPasswordIn(text: string): string | undefined {
  return TEMPORARY_PASSWORD.exec(text)?.[1];
}

/** The newest signing link (an invitation or a reminder) sent to `email`, to sign `requestId` if given. */
export async function invitationTo(
  inbox: Inbox,
  email: string,
  requestId?: string,
): Promise<{ path: string; requestId: string; key: string }> {
  for (const message of await inbox(email)) {
    const link = signingLinkIn(message.body);
    if (link && (requestId === undefined || link.requestId === requestId)) return link;
  }
  throw new Error(`no signing link sent to ${email}`);
}

/** The newest code texted to `mobile`. */
export async function codeTextedTo(inbox: Inbox, mobile: string): Promise<string> {
  const sms = (await inbox(mobile)).find((message) => message.channel === 'sms');
  const code = codeIn(sms?.body ?? '');
  if (!code) throw new Error(`no code texted to ${mobile}`);
  return code;
}

/** The temporary password of the newest welcome e-mail sent to `email`. */
export async function temporaryPasswordSentTo(inbox: Inbox, email: string): Promise<string> {
  for (const message of await inbox(email)) {
    const password = message.channel === 'email' ? temporaryPasswordIn(message.body) : undefined;
    if (password) return password;
  }
  throw new Error(`no temporary password e-mailed to ${email}`);
}
