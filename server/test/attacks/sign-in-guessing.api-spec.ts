import jwt from 'jsonwebtoken';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../support/test-app';
import { createMember, signInAdministrator } from '../support/members';
import { PoolClient } from '../support/pool-calls';
import { SignInThrottle } from '../../src/modules/identity/sign-in-throttle';

/**
 * Password guessing on the embedded pool's route: from one address, from many, in bursts; and the owner, who
 * must get in with the right password whatever others tried.
 */
describe('password guessing', () => {
  let testApp: TestApp;
  let pool: PoolClient;
  let adminToken: string;
  let next = 0;
  const newMember = (name: string) => {
    next += 1;
    return createMember(testApp, adminToken, {
      email: `${name}@agence.test`,
      name: `Agence ${name}`,
      mobile: `621 555 ${String(100 + next)}`,
      language: 'lu',
      password: 'Bonne-Passw0rd',
    });
  };

  beforeAll(async () => {
    testApp = await startTestApp({
      env: { IDENTITY_RATE_LIMIT_PER_MINUTE: '10000', TRUST_PROXY: 'loopback' },
    });
    pool = await PoolClient.of(testApp);
    adminToken = await signInAdministrator(testApp);
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('locks an account from the fifth failure, even for the right password, and tells its owner', async () => {
    const member = await newMember('devinette');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await pool.signIn(member.email, `Mauvais-Passw0rd${attempt}`);
      expect(answer.body.__type).toBe('NotAuthorizedException');
    }
    const locked = await pool.signIn(member.email, 'Bonne-Passw0rd');
    expect(locked.status).toBe(400);
    expect(locked.body.__type).toBe('TooManyFailedAttemptsException');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await pool.lockNotices(member.email)).toBe(1);
  });

  it('clears the failures a correct sign-in follows, and the lock its own attempt started', async () => {
    const member = await newMember('typo');
    for (let attempt = 1; attempt <= 4; attempt += 1)
      expect((await pool.signIn(member.email, `Mauvais-Passw0rd${attempt}`)).status).toBe(400);
    // The fifth attempt counts as a failure until its password is checked: right, it locks nothing.
    expect((await pool.signIn(member.email, 'Bonne-Passw0rd')).status).toBe(200);
    expect(await pool.throttleRow(member.email)).toBeUndefined();
    expect((await pool.signIn(member.email, 'Bonne-Passw0rd')).status).toBe(200);
    // The count starts again: one typo is one failure, not a lock.
    expect((await pool.signIn(member.email, 'Mauvais-Passw0rd')).body.__type).toBe('NotAuthorizedException');
    expect(await pool.throttleRow(member.email)).toEqual({ failures: 1, locked: false });
    expect(await pool.lockNotices(member.email)).toBe(0);
  });

  it('lets many correct sign-ins of one account from one address at once all in', async () => {
    const member = await newMember('simultane');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => pool.signIn(member.email, 'Bonne-Passw0rd')),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(await pool.throttleRow(member.email)).toBeUndefined();
  });

  it('locks an address out of the account, not its owner signing in from elsewhere', async () => {
    const member = await newMember('ailleurs');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await pool.signIn(member.email, `Mauvais-Passw0rd${attempt}`, '203.0.113.7');
      expect(answer.body.__type).toBe('NotAuthorizedException');
    }
    const there = await pool.signIn(member.email, 'Bonne-Passw0rd', '203.0.113.7');
    expect(there.body.__type).toBe('TooManyFailedAttemptsException');
    const elsewhere = await pool.signIn(member.email, 'Bonne-Passw0rd', '198.51.100.20');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.AuthenticationResult).toBeDefined();
    // The owner's success ends the failures in a row, not the guessing address's lock.
    expect(await pool.throttleRow(member.email, '')).toEqual({ failures: 0, locked: false });
    expect(await pool.throttleRow(member.email, '203.0.113.7')).toEqual({ failures: 5, locked: true });
    expect(await pool.lockNotices(member.email)).toBe(1);
  });

  it('tells the owner of locks at most once an hour, however many addresses get locked', async () => {
    const member = await newMember('avalanche');
    for (const address of ['203.0.113.21', '203.0.113.22', '203.0.113.23'])
      for (let attempt = 1; attempt <= 5; attempt += 1)
        await pool.signIn(member.email, 'Mauvais-Passw0rd', address);
    expect(await pool.throttleRow(member.email, '203.0.113.23')).toEqual({ failures: 5, locked: true });
    expect(await pool.lockNotices(member.email)).toBe(1);
  });

  it('lets the owner in from a new address after 10 addresses × 5 wrong passwords, and tells owner and operations', async () => {
    const member = await newMember('assiege');
    const guesses: string[] = [];
    for (let address = 1; address <= 10; address += 1)
      for (let attempt = 1; attempt <= 5; attempt += 1)
        guesses.push(
          String((await pool.signIn(member.email, 'Mauvais-Passw0rd', `192.0.2.${address}`)).body.__type),
        );
    expect(guesses.every((type) => type === 'NotAuthorizedException')).toBe(true);
    expect(await pool.throttleRow(member.email, '')).toEqual({ failures: 50, locked: false });
    const alerts = await pool.query<{ failures: number }>(
      'SELECT failures FROM sign_in_alert WHERE account = $1',
      [member.email],
    );
    expect(alerts).toEqual([{ failures: 50 }]);

    // Each guessing address is locked out, even with the right password; the owner elsewhere is let in.
    expect((await pool.signIn(member.email, 'Bonne-Passw0rd', '192.0.2.1')).body.__type).toBe(
      'TooManyFailedAttemptsException',
    );
    const owner = await pool.signIn(member.email, 'Bonne-Passw0rd', '198.51.100.111');
    expect(owner.status).toBe(200);
    expect(owner.body.AuthenticationResult).toBeDefined();
    // Her success ends the failures in a row over every address: no lock and no slow-down left.
    expect(await pool.throttleRow(member.email, '')).toEqual({ failures: 0, locked: false });
    expect(await pool.lockNotices(member.email)).toBe(1);
  });

  it('throttles the account, not the name typed: its pool user id and its e-mail count as one', async () => {
    const member = await newMember('deuxnoms');
    const sub = String((jwt.decode(member.token) as jwt.JwtPayload).sub);
    for (let attempt = 1; attempt <= 5; attempt += 1)
      expect((await pool.signIn(sub, `Mauvais-Passw0rd${attempt}`)).body.__type).toBe(
        'NotAuthorizedException',
      );
    expect((await pool.signIn(member.email.toUpperCase(), 'Bonne-Passw0rd')).body.__type).toBe(
      'TooManyFailedAttemptsException',
    );
    expect(await pool.throttleRow(member.email)).toEqual({ failures: 5, locked: true });
    expect(await pool.throttleRow(sub)).toBeUndefined();
  });

  it('forgets the rows that no longer count, and keeps running locks and recent failures', async () => {
    const dataSource = testApp.app.get<DataSource>(getDataSourceToken());
    await dataSource.query(
      `INSERT INTO sign_in_throttle (account, address, failures, last_failure_at, locked_until) VALUES
         ('oubli@agence.test', '', 3, now() - interval '25 hours', NULL),
         ('oubli@agence.test', '192.0.2.60', 3, now() - interval '25 hours', now() - interval '24 hours'),
         ('oubli@agence.test', '192.0.2.61', 9, now() - interval '25 hours', now() + interval '1 hour'),
         ('oubli@agence.test', '192.0.2.62', 2, now() - interval '23 hours', NULL)`,
    );
    await new SignInThrottle(dataSource, 1).begin('autre@agence.test', '192.0.2.63');
    const kept: Array<{ address: string }> = await dataSource.query(
      `SELECT address FROM sign_in_throttle WHERE account = 'oubli@agence.test' ORDER BY address`,
    );
    expect(kept.map((row) => row.address)).toEqual(['192.0.2.61', '192.0.2.62']);
  });

  it('counts the addresses of one IPv6 /64 as one, and an IPv4 address written as IPv6 as itself', async () => {
    const account = 'reseau@agence.test';
    for (let host = 1; host <= 5; host += 1)
      await pool.signIn(account, 'Mauvais-Passw0rd', `2001:db8:5:6::${host}`);
    expect((await pool.signIn(account, 'Mauvais-Passw0rd', '2001:db8:5:6:ffff::9')).body.__type).toBe(
      'TooManyFailedAttemptsException',
    );
    expect((await pool.signIn(account, 'Mauvais-Passw0rd', '2001:db8:5:7::1')).body.__type).toBe(
      'NotAuthorizedException',
    );
    expect(await pool.throttleRow(account, '2001:db8:5:6::/64')).toEqual({ failures: 5, locked: true });
    // The route's own limit per address counts the /64 as one address too.
    const windows = await pool.query<{ key: string; hits: number }>(
      `SELECT key, hits FROM rate_limit_window WHERE key LIKE 'cognito:2001:db8:5:%' ORDER BY key`,
    );
    expect(windows).toEqual([
      { key: 'cognito:2001:db8:5:6::/64', hits: 6 },
      { key: 'cognito:2001:db8:5:7::/64', hits: 1 },
    ]);
    await pool.signIn(account, 'Mauvais-Passw0rd', '::ffff:192.0.2.44');
    expect(await pool.throttleRow(account, '192.0.2.44')).toEqual({ failures: 1, locked: false });
  });

  it('locks an unknown address exactly like an account', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1)
      await pool.signIn('fantome@agence.test', 'Mauvais-Passw0rd');
    const answer = await pool.signIn('fantome@agence.test', 'Mauvais-Passw0rd');
    expect(answer.body.__type).toBe('TooManyFailedAttemptsException');
    expect(await pool.lockNotices('fantome@agence.test')).toBe(0);
  });

  it('lets at most the allowed attempts of a parallel burst reach the password check', async () => {
    const account = 'rafale@agence.test';
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => pool.signIn(account, `Rafale-Passw0rd${i}`)),
    );
    const checked = answers.filter((a) => a.body.__type === 'NotAuthorizedException').length;
    const refused = answers.filter((a) => a.body.__type === 'TooManyFailedAttemptsException').length;
    expect(checked).toBe(5);
    expect(refused).toBe(20);
    expect(await pool.throttleRow(account)).toEqual({ failures: 5, locked: true });
  });

  it('forgets the failures after a successful sign-in, and matches e-mails in any case', async () => {
    const member = await newMember('casse');
    await pool.signIn(member.email, 'Mauvais-Passw0rd');
    await pool.signIn(member.email, 'Mauvais-Passw0rd');
    expect((await pool.throttleRow(member.email))?.failures).toBe(2);
    const mixed = await pool.signIn('  Casse@Agence.TEST ', 'Bonne-Passw0rd');
    expect(mixed.status).toBe(200);
    expect(await pool.throttleRow(member.email)).toBeUndefined();
  });

  it('counts wrong current passwords at a password change against the account', async () => {
    const member = await newMember('changement');
    const { AccessToken } = PoolClient.tokens(await pool.signIn(member.email, 'Bonne-Passw0rd'));
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await pool.call('ChangePassword', {
        AccessToken,
        PreviousPassword: `Mauvais-Passw0rd${attempt}`,
        ProposedPassword: 'Nouvelle-Passw0rd',
      });
      expect(answer.body.__type).toBe('NotAuthorizedException');
    }
    const locked = await pool.call('ChangePassword', {
      AccessToken,
      PreviousPassword: 'Bonne-Passw0rd',
      ProposedPassword: 'Nouvelle-Passw0rd',
    });
    expect(locked.body.__type).toBe('TooManyFailedAttemptsException');
    const weak = await pool.call('ChangePassword', {
      AccessToken,
      PreviousPassword: 'Bonne-Passw0rd',
      ProposedPassword: 'faible',
    });
    expect(weak.body.__type).toBe('InvalidPasswordException');
  });
});

describe('a sign-in lock', () => {
  it('holds across a restart of the product', async () => {
    const first = await startTestApp();
    let restarted: Awaited<ReturnType<typeof startTestApp>> | undefined;
    try {
      const attempt = async (app: TestApp) =>
        (await (await PoolClient.of(app)).signIn(ADMIN_EMAIL, 'Mauvais-Passw0rd')).body.__type;
      for (let i = 1; i <= 5; i += 1) expect(await attempt(first)).toBe('NotAuthorizedException');
      await first.close({ discard: false });
      restarted = await startTestApp({
        reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl, bullmqPrefix: first.bullmqPrefix },
      });
      expect(await attempt(restarted)).toBe('TooManyFailedAttemptsException');
    } finally {
      await (restarted ?? first).close();
    }
  });
});
