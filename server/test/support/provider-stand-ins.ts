import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { SMTPServer } from 'smtp-server';

export const TWILIO_ACCOUNT_SID = `AC${'5ca1ab1e'.repeat(4)}`;
export const TWILIO_AUTH_TOKEN = 'stand-in-auth-token-0123456789';

export interface ReceivedSms {
  to: string;
  from: string;
  body: string;
  sid: string;
}

interface HeldRequest {
  request: IncomingMessage;
  response: ServerResponse;
  fields: Record<string, string>;
}

/**
 * A local server answering Twilio's Programmable Messaging API (`POST /2010-04-01/Accounts/{sid}/Messages.json`,
 * form fields To, From, Body, HTTP basic auth) as Twilio does. `hold()` keeps new requests waiting without an
 * answer until `release()`: a delivery in progress, for killing the process that makes it.
 */
export class TwilioStandIn {
  /** The messages Twilio accepted (answered 201), in order. */
  readonly accepted: ReceivedSms[] = [];
  /** Every request that reached it, answered or not. */
  readonly requests: Array<Record<string, string>> = [];
  private held: HeldRequest[] | undefined;
  private readonly server: Server = createServer((request, response) => {
    this.handle(request, response).catch(() => response.destroy());
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Settings that make the product's Twilio adapter send here. */
  settings(from = '+352661000111'): Record<string, string> {
    return {
      TWILIO_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN,
      TWILIO_FROM: from,
      TWILIO_API_URL: this.url,
    };
  }

  acceptedFor(to: string): ReceivedSms[] {
    return this.accepted.filter((sms) => sms.to === to);
  }

  hold(): void {
    this.held ??= [];
  }

  /** Requests waiting for an answer whose client is still connected. */
  get waiting(): Array<Record<string, string>> {
    return (this.held ?? []).filter((entry) => !entry.request.socket.destroyed).map((entry) => entry.fields);
  }

  /** Answers the held requests whose client is still there, and every later one at once. */
  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const entry of held) {
      if (!entry.request.socket.destroyed) this.accept(entry.response, entry.fields);
    }
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const fields = Object.fromEntries(new URLSearchParams(await text(request)));
    const expected = `Basic ${Buffer.from(`${TWILIO_ACCOUNT_SID}:${TWILIO_AUTH_TOKEN}`).toString('base64')}`;
    if (
      request.method !== 'POST' ||
      request.url !== `/2010-04-01/Accounts/${TWILIO_ACCOUNT_SID}/Messages.json`
    ) {
      return void reply(response, 404, { code: 20404, message: 'Not found', status: 404 });
    }
    if (request.headers.authorization !== expected) {
      return void reply(response, 401, { code: 20003, message: 'Authenticate', status: 401 });
    }
    this.requests.push(fields);
    if (this.held) {
      this.held.push({ request, response, fields });
      return;
    }
    this.accept(response, fields);
  }

  private accept(response: ServerResponse, fields: Record<string, string>): void {
    const sid = `SM${String(this.accepted.length + 1).padStart(32, '0')}`;
    this.accepted.push({ to: fields.To ?? '', from: fields.From ?? '', body: fields.Body ?? '', sid });
    reply(response, 201, {
      sid,
      account_sid: TWILIO_ACCOUNT_SID,
      to: fields.To,
      from: fields.From ?? null,
      body: fields.Body,
      status: 'queued',
    });
  }
}

function reply(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

export interface ReceivedMail {
  /** The envelope sender (MAIL FROM). */
  from: string;
  to: string[];
  subject: string;
  /** The plain-text body, decoded. */
  text: string;
}

/** A local SMTP server (no TLS, no authentication) keeping every message it receives. */
export class SmtpStandIn {
  readonly received: ReceivedMail[] = [];
  private readonly server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        this.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          ...parseMessage(raw),
        });
        callback();
      });
    },
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get port(): number {
    return (this.server.server.address() as AddressInfo).port;
  }

  /** Settings that make the product's SMTP adapter send here (`from`: the envelope sender). */
  settings(from = 'no-reply@esign.test'): Record<string, string> {
    return {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(this.port),
      SMTP_REQUIRE_TLS: 'false',
      MAIL_FROM: `Signature électronique <${from}>`,
    };
  }

  receivedBy(address: string): ReceivedMail[] {
    return this.received.filter(
      (mail) => mail.to.includes(address.toLowerCase()) || mail.to.includes(address),
    );
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Subject and plain text of a message as nodemailer writes it (one part, or multipart with a text part). */
function parseMessage(raw: string): { subject: string; text: string } {
  const [head, body] = splitHead(raw);
  const subject = decodeHeader(headerValue(head, 'subject'));
  const type = headerValue(head, 'content-type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return { subject, text: decodeBody(body, headerValue(head, 'content-transfer-encoding')) };
  for (const part of body.split(`--${boundary}`)) {
    const [partHead, partBody] = splitHead(part.replace(/^\r?\n/, ''));
    if (/^text\/plain/i.test(headerValue(partHead, 'content-type'))) {
      return { subject, text: decodeBody(partBody, headerValue(partHead, 'content-transfer-encoding')) };
    }
  }
  return { subject, text: '' };
}

function splitHead(message: string): [string, string] {
  const match = /\r?\n\r?\n/.exec(message);
  if (!match) return [message, ''];
  return [message.slice(0, match.index), message.slice(match.index + match[0].length)];
}

function headerValue(head: string, name: string): string {
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((candidate) => candidate.toLowerCase().startsWith(`${name}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= or =?UTF-8?B?…?=). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : quotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeBody(body: string, encoding: string): string {
  const kind = encoding.toLowerCase();
  if (kind === 'quoted-printable') return quotedPrintable(body).replace(/\r\n/g, '\n').trimEnd();
  if (kind === 'base64') return Buffer.from(body, 'base64').toString('utf8').replace(/\r\n/g, '\n').trimEnd();
  return body.replace(/\r\n/g, '\n').trimEnd();
}

function quotedPrintable(value: string): string {
  const bytes: number[] = [];
  const input = value.replace(/=\r?\n/g, '');
  for (let index = 0; index < input.length; index += 1) {
    const char = input[index] ?? '';
    const hex = input.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
