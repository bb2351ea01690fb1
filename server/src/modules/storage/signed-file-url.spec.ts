import { FileUrlSigner } from './signed-file-url';
import { FileUrlRejectedError, InvalidObjectKeyError } from './storage-errors';

const SECRET = 'a-test-secret-of-at-least-32-bytes!!';
const START = Date.UTC(2030, 0, 1);

function signerAt(clock: { now: number }) {
  return new FileUrlSigner(SECRET, () => clock.now);
}

function queryOf(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(params.entries());
}

function rejectionOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof FileUrlRejectedError) return error.reason;
    throw error;
  }
  return undefined;
}

describe('FileUrlSigner', () => {
  const upload = { contentType: 'application/pdf', maxBytes: 1000, expiresInSeconds: 60 };
  const download = {
    contentType: 'application/pdf',
    downloadName: 'Contrat élève.pdf',
    expiresInSeconds: 60,
  };

  it('accepts an upload URL it signed and returns its limits', () => {
    const signer = signerAt({ now: START });
    const query = queryOf(signer.signUpload('documents/a.pdf', upload));
    expect(signer.verifyUpload('documents/a.pdf', query)).toEqual({
      operation: 'put',
      key: 'documents/a.pdf',
      contentType: 'application/pdf',
      maxBytes: 1000,
      expiresAt: START / 1000 + 60,
      nonce: query.n,
    });
  });

  it('makes every upload URL unique, even two for one key in the same second', () => {
    const signer = signerAt({ now: START });
    const first = queryOf(signer.signUpload('avatars/u/upload', upload));
    const second = queryOf(signer.signUpload('avatars/u/upload', upload));
    expect(first.exp).toBe(second.exp);
    expect(first.n).not.toBe(second.n);
    expect(signer.verifyUpload('avatars/u/upload', first).nonce).not.toBe(
      signer.verifyUpload('avatars/u/upload', second).nonce,
    );
  });

  it('rejects an upload URL whose nonce was changed or removed', () => {
    const signer = signerAt({ now: START });
    const query = queryOf(signer.signUpload('a.pdf', upload));
    expect(rejectionOf(() => signer.verifyUpload('a.pdf', { ...query, n: 'A'.repeat(22) }))).toBe(
      'signature',
    );
    const { n: _removed, ...withoutNonce } = query;
    expect(rejectionOf(() => signer.verifyUpload('a.pdf', withoutNonce))).toBe('malformed');
  });

  it('accepts a download URL it signed and returns the download name', () => {
    const signer = signerAt({ now: START });
    const grant = signer.verifyDownload('a.pdf', queryOf(signer.signDownload('a.pdf', download)));
    expect(grant).toMatchObject({ operation: 'get', downloadName: 'Contrat élève.pdf' });
  });

  it('rejects a URL once its expiry has passed', () => {
    const clock = { now: START };
    const signer = signerAt(clock);
    const query = queryOf(signer.signUpload('a.pdf', upload));
    clock.now += 60_000;
    expect(rejectionOf(() => signer.verifyUpload('a.pdf', query))).toBe('expired');
  });

  it('caps a download URL at five minutes whatever lifetime is asked for', () => {
    const signer = signerAt({ now: START });
    const query = queryOf(signer.signDownload('a.pdf', { ...download, expiresInSeconds: 86_400 }));
    expect(Number(query.exp)).toBe(START / 1000 + 300);
  });

  it.each([
    ['the key', (q: Record<string, string>) => q, 'b.pdf'],
    ['the size limit', (q: Record<string, string>) => ({ ...q, max: '999999999' }), 'a.pdf'],
    ['the expiry', (q: Record<string, string>) => ({ ...q, exp: String(Number(q.exp) + 3600) }), 'a.pdf'],
    ['the content type', (q: Record<string, string>) => ({ ...q, ct: 'text/html' }), 'a.pdf'],
    ['the signature', (q: Record<string, string>) => ({ ...q, sig: `${q.sig?.slice(0, -2)}AA` }), 'a.pdf'],
  ])('rejects an upload URL whose %s was changed', (_field, tamper, key) => {
    const signer = signerAt({ now: START });
    const query = tamper(queryOf(signer.signUpload('a.pdf', upload)));
    expect(rejectionOf(() => signer.verifyUpload(key, query))).toBe('signature');
  });

  it('rejects a download URL whose name was changed', () => {
    const signer = signerAt({ now: START });
    const query = { ...queryOf(signer.signDownload('a.pdf', download)), name: 'evil.html' };
    expect(rejectionOf(() => signer.verifyDownload('a.pdf', query))).toBe('signature');
  });

  it('rejects a download URL used to upload, and an upload URL used to download', () => {
    const signer = signerAt({ now: START });
    const downloadQuery = queryOf(signer.signDownload('a.pdf', download));
    const uploadQuery = queryOf(signer.signUpload('a.pdf', upload));
    expect(rejectionOf(() => signer.verifyUpload('a.pdf', downloadQuery))).toBe('operation');
    expect(rejectionOf(() => signer.verifyDownload('a.pdf', uploadQuery))).toBe('operation');
  });

  it('rejects a URL whose operation was rewritten, as its signature no longer matches', () => {
    const signer = signerAt({ now: START });
    const query = { ...queryOf(signer.signUpload('a.pdf', upload)), op: 'get', name: 'a.pdf' };
    expect(rejectionOf(() => signer.verifyDownload('a.pdf', query))).toBe('signature');
  });

  it('rejects a URL signed with another secret', () => {
    const other = new FileUrlSigner('another-secret-that-is-32-bytes-long', () => START);
    const query = queryOf(other.signUpload('a.pdf', upload));
    expect(rejectionOf(() => signerAt({ now: START }).verifyUpload('a.pdf', query))).toBe('signature');
  });

  it.each([
    ['no parameters', {}],
    [
      'a repeated signature',
      { op: 'put', exp: '9999999999', ct: 'application/pdf', max: '1', sig: ['a', 'b'] },
    ],
    ['a non-numeric expiry', { op: 'put', exp: '1e12', ct: 'application/pdf', max: '1', sig: 'a' }],
    ['an unknown operation', { op: 'delete', exp: '9999999999', ct: 'application/pdf', sig: 'a' }],
  ])('rejects a query with %s as malformed', (_case, query) => {
    expect(rejectionOf(() => signerAt({ now: START }).verifyUpload('a.pdf', query))).toBe('malformed');
  });

  it.each(['../etc/passwd', '/etc/passwd', 'a//b', 'a/../b', 'a/./b', '.hidden', 'a\\b', 'a b', 'é.pdf', ''])(
    'refuses to sign or verify the key %j',
    (key) => {
      const signer = signerAt({ now: START });
      expect(() => signer.signUpload(key, upload)).toThrow(InvalidObjectKeyError);
      expect(() => signer.verifyUpload(key, {})).toThrow(InvalidObjectKeyError);
    },
  );

  it('refuses a content type that could smuggle header syntax', () => {
    const signer = signerAt({ now: START });
    const contentType = 'application/pdf\r\nSet-Cookie: x=1';
    expect(() => signer.signDownload('a.pdf', { ...download, contentType })).toThrow(RangeError);
  });

  it('refuses a secret shorter than 32 bytes', () => {
    expect(() => new FileUrlSigner('short')).toThrow(RangeError);
  });
});
