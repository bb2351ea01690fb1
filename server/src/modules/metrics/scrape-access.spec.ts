import { scrapeAuthorized } from './scrape-access';

describe('scrapeAuthorized', () => {
  const token = 'a-metrics-token-of-at-least-32-characters';

  it('accepts the bearer token, whatever the case of the scheme', () => {
    expect(scrapeAuthorized(token, `Bearer ${token}`)).toBe(true);
    expect(scrapeAuthorized(token, `bearer ${token}`)).toBe(true);
  });

  it('refuses no header, another token, a prefix or an extension of it, another scheme, the bare token', () => {
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      `Bearer ${token.slice(0, -1)}`,
      `Bearer ${token}0`,
      `Basic ${token}`,
      token,
      `Bearer ${token} ${token}`,
    ]) {
      expect(scrapeAuthorized(token, header)).toBe(false);
    }
  });

  it('refuses everything when the expected token is empty', () => {
    expect(scrapeAuthorized('', 'Bearer ')).toBe(false);
    expect(scrapeAuthorized('', 'Bearer x')).toBe(false);
  });
});
