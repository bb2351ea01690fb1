import { Logger } from '@nestjs/common';
import { ConsoleMailer, ConsoleSmsSender } from './console-delivery';

const PROVIDER_ID = /^console-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('console delivery', () => {
  let logged: jest.SpyInstance;

  beforeEach(() => {
    logged = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());

  function loggedLines(): string[] {
    return logged.mock.calls.map((call: unknown[]) => String(call[0]));
  }

  it('logs one line per e-mail with the recipient and subject, never the body', async () => {
    const mailer = new ConsoleMailer();
    const { providerMessageId } = await mailer.send({
      to: 'signataire@example.test',
      subject: 'Ënnerschrëft erfuerderlech',
      text: 'Mot de passe temporaire : Xk9#pQ2!vL',
      html: '<p>Mot de passe temporaire : Xk9#pQ2!vL</p>',
    });
    expect(providerMessageId).toMatch(PROVIDER_ID);
    expect(loggedLines()).toEqual([
      `E-mail ${providerMessageId} to "signataire@example.test", subject "Ënnerschrëft erfuerderlech"`,
    ]);
    expect(loggedLines().join()).not.toContain('Xk9#pQ2!vL');
  });

  it('logs one line per SMS with the recipient only, never the code it carries', async () => {
    const sender = new ConsoleSmsSender();
    const first = await sender.send({ to: '+352621123456', body: 'Votre code : 7KQ2M9XA' });
    const second = await sender.send({ to: '+352621654321', body: 'Votre code : 3HD8PL2Z' });
    expect(first.providerMessageId).toMatch(PROVIDER_ID);
    expect(second.providerMessageId).not.toBe(first.providerMessageId);
    expect(loggedLines()).toEqual([
      `SMS ${first.providerMessageId} to "+352621123456"`,
      `SMS ${second.providerMessageId} to "+352621654321"`,
    ]);
    expect(loggedLines().join()).not.toMatch(/7KQ2M9XA|3HD8PL2Z/);
  });

  it('keeps a subject with line breaks on one log line', async () => {
    await new ConsoleMailer().send({
      to: 'a@example.test',
      subject: 'Rappel\n[2026-01-01] FAKE EVENT',
      text: 'x',
    });
    expect(loggedLines()).toHaveLength(1);
    expect(loggedLines()[0]).not.toContain('\n');
    expect(loggedLines()[0]).toContain('"Rappel\\n[2026-01-01] FAKE EVENT"');
  });

  it('is always reachable for the health check', async () => {
    await expect(new ConsoleMailer().ping()).resolves.toBeUndefined();
  });
});
