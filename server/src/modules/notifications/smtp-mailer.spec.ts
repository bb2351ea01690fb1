import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { DeliveryError } from './delivery-error';
import { SmtpMailer, type SmtpMailerOptions } from './smtp-mailer';

interface ReceivedMail {
  from: string;
  recipients: string[];
  raw: string;
}

const USER = 'mailer';
const PASSWORD = 'smtp-p4ssw0rd-not-for-logs';

/** A real SMTP server on 127.0.0.1 that keeps what it receives and refuses chosen recipients. */
async function startSmtpServer(received: ReceivedMail[]): Promise<{ server: SMTPServer; port: number }> {
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(Object.assign(new Error('Invalid credentials'), { responseCode: 535 }));
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (address.address.endsWith('@refused.test')) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      } else if (address.address.endsWith('@busy.test')) {
        callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
      } else callback();
    },
    onData(stream, session, callback) {
      buffer(stream).then(
        (raw) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: raw.toString('utf8'),
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port };
}

/** The headers of a raw message, unfolded, by lower-case name. */
function headersOf(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const lines = head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
  return new Map(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
}

/** Decodes RFC 2047 encoded words, as a mail client shows a Subject. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_word, _charset, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`)
    .replace(/[^%]/g, (character) => encodeURIComponent(character));
  return decodeURIComponent(bytes);
}

function bodyOf(raw: string): string {
  const body = raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\r\n\r\n');
  const encoding = headersOf(raw).get('content-transfer-encoding');
  return encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body;
}

async function closedPort(): Promise<number> {
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('SmtpMailer', () => {
  const received: ReceivedMail[] = [];
  let server: SMTPServer;
  let options: SmtpMailerOptions;

  beforeAll(async () => {
    const started = await startSmtpServer(received);
    server = started.server;
    options = {
      host: '127.0.0.1',
      port: started.port,
      secure: false,
      user: USER,
      pass: PASSWORD,
      from: 'Signature électronique <no-reply@esign.test>',
    };
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    received.length = 0;
  });

  it('delivers a UTF-8 message to the recipient with its subject and body intact', async () => {
    const mailer = new SmtpMailer(options);
    const text = 'Gudde Moien,\nÄr Ënnerschrëft gëtt gebraucht. Un élève a signé le contrat — merci !';
    const { providerMessageId } = await mailer.send({
      to: 'signataire@example.test',
      subject: 'Ënnerschrëft erfuerderlech – élève',
      text,
    });
    expect(received).toHaveLength(1);
    const [mail] = received;
    const headers = headersOf(mail?.raw ?? '');
    expect(mail?.recipients).toEqual(['signataire@example.test']);
    expect(mail?.from).toBe('no-reply@esign.test');
    expect(headers.get('to')).toBe('signataire@example.test');
    expect(decodeWords(headers.get('subject') ?? '')).toBe('Ënnerschrëft erfuerderlech – élève');
    expect(decodeWords(headers.get('from') ?? '')).toBe('Signature électronique <no-reply@esign.test>');
    expect(headers.get('content-type')).toMatch(/^text\/plain; charset=utf-8/i);
    expect(
      bodyOf(mail?.raw ?? '')
        .replace(/\r\n/g, '\n')
        .trimEnd(),
    ).toBe(text);
    expect(headers.get('message-id')).toBe(providerMessageId);
  });

  it('sends the HTML alternative when there is one', async () => {
    await new SmtpMailer(options).send({
      to: 'a@example.test',
      subject: 'Lien',
      text: 'Lien',
      html: '<p>Lien</p>',
    });
    expect(headersOf(received[0]?.raw ?? '').get('content-type')).toMatch(/^multipart\/alternative/);
    expect(received[0]?.raw).toContain('Content-Type: text/html');
  });

  it('keeps a subject with line breaks from adding headers or recipients', async () => {
    await new SmtpMailer(options).send({
      to: 'a@example.test',
      subject: 'Rappel\r\nBcc: intrus@evil.test\n[2026-01-01] FAKE EVENT',
      text: 'x',
    });
    expect(received[0]?.recipients).toEqual(['a@example.test']);
    expect(headersOf(received[0]?.raw ?? '').has('bcc')).toBe(false);
  });

  it('throws a permanent DeliveryError when the server refuses the recipient', async () => {
    const sending = new SmtpMailer(options).send({ to: 'nobody@refused.test', subject: 'x', text: 'x' });
    await expect(sending).rejects.toThrow(DeliveryError);
    await expect(sending).rejects.toMatchObject({ channel: 'email', retryable: false, providerStatus: 550 });
    expect(received).toHaveLength(0);
  });

  it('throws a retryable DeliveryError when the server defers the recipient', async () => {
    const sending = new SmtpMailer(options).send({ to: 'someone@busy.test', subject: 'x', text: 'x' });
    await expect(sending).rejects.toMatchObject({ retryable: true, providerStatus: 451 });
  });

  it('throws a permanent DeliveryError without the password when authentication fails', async () => {
    const mailer = new SmtpMailer({ ...options, pass: `${PASSWORD}-wrong` });
    const error = (await mailer
      .send({ to: 'a@example.test', subject: 'x', text: 'x' })
      .catch((e: unknown) => e)) as DeliveryError;
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error.retryable).toBe(false);
    expect(`${error.message} ${error.stack}`).not.toContain(PASSWORD);
    await expect(mailer.ping()).rejects.toThrow(DeliveryError);
  });

  it('throws a retryable DeliveryError when no server listens', async () => {
    const mailer = new SmtpMailer({ ...options, port: await closedPort(), timeoutMs: 2000 });
    await expect(mailer.send({ to: 'a@example.test', subject: 'x', text: 'x' })).rejects.toMatchObject({
      name: 'DeliveryError',
      retryable: true,
    });
    await expect(mailer.ping()).rejects.toThrow(DeliveryError);
  });

  it('passes the health check against a server that accepts its credentials', async () => {
    await expect(new SmtpMailer(options).ping()).resolves.toBeUndefined();
  });
});
