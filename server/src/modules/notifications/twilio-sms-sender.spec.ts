import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { inspect } from 'node:util';
import { DeliveryError } from './delivery-error';
import { TwilioSmsSender, type TwilioSmsSenderOptions } from './twilio-sms-sender';

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'f3b1c0ffee-twilio-auth-token-secret';
const MESSAGES_PATH = `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`;

interface ReceivedSms {
  fields: Record<string, string>;
  authorization: string | undefined;
}

/** Answers POST /2010-04-01/Accounts/{sid}/Messages.json as Twilio does, or with a forced failure. */
class TwilioApiEmulator {
  readonly received: ReceivedSms[] = [];
  failure: { status: number; code: number; message: string } | undefined;
  hangs = false;
  private readonly server: Server = createServer((request, response) => {
    this.handle(request, response).catch(() => response.destroy());
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const fields = Object.fromEntries(new URLSearchParams(await text(request)));
    if (this.hangs) return;
    const expectedAuthorization = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;
    const reply = (status: number, body: object) =>
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (request.method !== 'POST' || request.url !== MESSAGES_PATH)
      return void reply(404, { code: 20404, status: 404 });
    if (request.headers.authorization !== expectedAuthorization) {
      return void reply(401, { code: 20003, message: 'Authenticate', status: 401 });
    }
    if (this.failure)
      return void reply(this.failure.status, {
        ...this.failure,
        more_info: 'https://www.twilio.com/docs/errors',
      });
    this.received.push({ fields, authorization: request.headers.authorization });
    const sid = `SM${String(this.received.length).padStart(32, '0')}`;
    reply(201, {
      sid,
      account_sid: ACCOUNT_SID,
      to: fields.To,
      from: fields.From ?? null,
      body: fields.Body,
      status: 'queued',
    });
  }
}

async function failureOf(sending: Promise<unknown>): Promise<DeliveryError> {
  const error = await sending.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

function expectNoCredentialsIn(error: DeliveryError): void {
  const basicCredentials = Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64');
  for (const rendering of [
    String(error),
    error.stack ?? '',
    inspect(error, { depth: Infinity }),
    JSON.stringify(error),
  ]) {
    expect(rendering).not.toContain(AUTH_TOKEN);
    expect(rendering).not.toContain(basicCredentials);
  }
}

describe('TwilioSmsSender', () => {
  const emulator = new TwilioApiEmulator();
  let options: TwilioSmsSenderOptions;

  beforeAll(async () => {
    options = {
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      from: '+352661000111',
      apiBaseUrl: await emulator.start(),
    };
  });
  afterAll(() => emulator.stop());
  beforeEach(() => {
    emulator.received.length = 0;
    emulator.failure = undefined;
    emulator.hangs = false;
  });

  it('posts To, From and a UTF-8 Body with basic auth and returns the message sid', async () => {
    const body = 'Äre Code fir d’Ënnerschrëft: 7KQ2M9XA — élève';
    const { providerMessageId } = await new TwilioSmsSender(options).send({ to: '+352621123456', body });
    expect(providerMessageId).toBe(`SM${'1'.padStart(32, '0')}`);
    expect(emulator.received).toEqual([
      {
        fields: { To: '+352621123456', From: '+352661000111', Body: body },
        authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
      },
    ]);
  });

  it('sends through the Messaging Service when one is configured', async () => {
    const sender = new TwilioSmsSender({
      ...options,
      from: undefined,
      messagingServiceSid: `MG${'a'.repeat(32)}`,
    });
    await sender.send({ to: '+352621123456', body: 'Code' });
    expect(emulator.received[0]?.fields).toEqual({
      To: '+352621123456',
      MessagingServiceSid: `MG${'a'.repeat(32)}`,
      Body: 'Code',
    });
  });

  it('throws a retryable DeliveryError on a 5xx, without the auth token', async () => {
    emulator.failure = { status: 503, code: 20503, message: 'Service unavailable' };
    const error = await failureOf(new TwilioSmsSender(options).send({ to: '+352621123456', body: 'Code' }));
    expect(error).toMatchObject({ channel: 'sms', retryable: true, providerStatus: 503 });
    expect(error.message).toContain('HTTP 503');
    expectNoCredentialsIn(error);
  });

  it('throws a permanent DeliveryError when Twilio refuses the number', async () => {
    emulator.failure = {
      status: 400,
      code: 21211,
      message: "The 'To' number +35200 is not a valid phone number.",
    };
    const error = await failureOf(new TwilioSmsSender(options).send({ to: '+35200', body: 'Code' }));
    expect(error).toMatchObject({ retryable: false, providerStatus: 400 });
    expect(error.message).toContain('21211');
  });

  it('throws a permanent DeliveryError without the token when the credentials are wrong', async () => {
    const sender = new TwilioSmsSender({ ...options, authToken: `${AUTH_TOKEN}-old` });
    const error = await failureOf(sender.send({ to: '+352621123456', body: 'Code' }));
    expect(error).toMatchObject({ retryable: false, providerStatus: 401 });
    expect(error.message).not.toContain(`${AUTH_TOKEN}-old`);
    expectNoCredentialsIn(error);
  });

  it('throws a retryable DeliveryError without the token when Twilio cannot be reached', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const sender = new TwilioSmsSender({ ...options, apiBaseUrl: `http://127.0.0.1:${port}` });
    const error = await failureOf(sender.send({ to: '+352621123456', body: 'Code' }));
    expect(error).toMatchObject({ retryable: true, message: 'Twilio could not be reached (ECONNREFUSED)' });
    expectNoCredentialsIn(error);
  });

  it('throws a retryable DeliveryError when Twilio does not answer in time', async () => {
    emulator.hangs = true;
    const sender = new TwilioSmsSender({ ...options, timeoutMs: 300 });
    const error = await failureOf(sender.send({ to: '+352621123456', body: 'Code' }));
    expect(error).toMatchObject({
      retryable: true,
      message: expect.stringMatching(/could not be reached \(E[A-Z]+\)/),
    });
    expectNoCredentialsIn(error);
  });

  it('refuses a configuration with neither a sender number nor a Messaging Service', () => {
    expect(() => new TwilioSmsSender({ ...options, from: undefined })).toThrow(/from.*messagingServiceSid/);
  });
});
