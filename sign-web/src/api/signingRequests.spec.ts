import { ErrorCode } from '@esign/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signingPageData } from '../signing/testData';
import {
  declineSignature,
  fetchSigningRequest,
  reportDocumentViewed,
  requestOneTimeCode,
  submitSignature,
} from './signingRequests';

function answer(status: number, body: unknown = {}, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function firstCall(fetchMock: ReturnType<typeof answer>): [string, RequestInit] {
  return fetchMock.mock.calls[0] as unknown as [string, RequestInit];
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchSigningRequest', () => {
  it('calls the signing API with the id and the key, and nothing else', async () => {
    const fetchMock = answer(404);
    await fetchSigningRequest('abc-123', 'k&y=1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = firstCall(fetchMock);
    expect(url).toBe('/api/signatures/abc-123?key=k%26y%3D1');
    expect(init.referrerPolicy).toBe('no-referrer');
  });

  it('says there is nothing to sign on 404 and 410', async () => {
    answer(404);
    expect(await fetchSigningRequest('a', 'k')).toEqual({ kind: 'nothingToSign' });
    answer(410);
    expect(await fetchSigningRequest('a', 'k')).toEqual({ kind: 'nothingToSign' });
  });

  it('says when a request was declined or has expired, with when', async () => {
    answer(410, { code: 'REQUEST_DECLINED', closedAt: '2026-03-02T10:00:00.000Z', language: 'de' });
    expect(await fetchSigningRequest('a', 'k')).toEqual({
      kind: 'declined',
      closedAt: '2026-03-02T10:00:00.000Z',
      language: 'de',
      byYou: false,
    });
    // The link's own signatory declined: the page says "you declined" on every later visit.
    answer(410, { code: 'REQUEST_DECLINED', closedAt: '2026-03-02T10:00:00.000Z', declinedByYou: true });
    expect(await fetchSigningRequest('a', 'k')).toMatchObject({ kind: 'declined', byYou: true });
    answer(410, { code: 'REQUEST_EXPIRED', closedAt: '2026-04-01T22:00:00.000Z' });
    expect(await fetchSigningRequest('a', 'k')).toEqual({
      kind: 'expired',
      closedAt: '2026-04-01T22:00:00.000Z',
      language: null,
    });
    answer(410, { code: 'REQUEST_EXPIRED', language: 'xx' });
    expect(await fetchSigningRequest('a', 'k')).toEqual({ kind: 'expired', closedAt: null, language: null });
  });

  it('reports a failure on server errors, network errors and unexpected bodies', async () => {
    answer(500);
    expect(await fetchSigningRequest('a', 'k')).toEqual({ kind: 'failed' });
    answer(200, { unexpected: true });
    expect(await fetchSigningRequest('a', 'k')).toEqual({ kind: 'failed' });
    answer(200, { ...signingPageData(), status: 'SOMETHING_ELSE' });
    expect(await fetchSigningRequest('a', 'k')).toEqual({ kind: 'failed' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    expect(await fetchSigningRequest('a', 'k')).toEqual({ kind: 'failed' });
  });

  it('returns the signing data on 200', async () => {
    const request = signingPageData();
    answer(200, request);
    expect(await fetchSigningRequest('a', 'k')).toEqual({ kind: 'found', request });
  });
});

describe('requestOneTimeCode', () => {
  it('asks for a code with GET on the otp address', async () => {
    const fetchMock = answer(200, { nextOtpAllowedAt: '2026-03-02T10:02:00.000Z', expiresAt: 'x' });
    const outcome = await requestOneTimeCode('abc', 'key', 'lu');
    const [url, init] = firstCall(fetchMock);
    expect(url).toBe('/api/signatures/abc/otp?key=key&language=lu');
    expect(init.method).toBeUndefined();
    expect(outcome).toMatchObject({ ok: true, value: { nextOtpAllowedAt: '2026-03-02T10:02:00.000Z' } });
  });

  it('reads the error code and retryAfter of a refusal', async () => {
    answer(429, {
      statusCode: 429,
      code: 'OTP_TOO_SOON',
      message: 'errors.OTP_TOO_SOON',
      retryAfter: 61_000,
    });
    expect(await requestOneTimeCode('abc', 'key', 'fr')).toEqual({
      ok: false,
      failure: { kind: 'http', status: 429, code: ErrorCode.OTP_TOO_SOON, retryAfter: 61_000, errors: {} },
    });
  });

  it('falls back on the Retry-After header, in seconds, and ignores unknown codes', async () => {
    answer(429, { code: 'SOMETHING_NEW' }, { 'Retry-After': '30' });
    expect(await requestOneTimeCode('abc', 'key', 'fr')).toEqual({
      ok: false,
      failure: { kind: 'http', status: 429, code: null, retryAfter: 30_000, errors: {} },
    });
  });
});

describe('reportDocumentViewed and declineSignature', () => {
  it('posts what was rendered, and the reason, as JSON on their own addresses', async () => {
    let fetchMock = answer(200, { recordedAt: '2026-03-02T10:00:01.000Z' });
    const viewed = {
      documentSha256: 'a'.repeat(64),
      pageCount: 4,
      renderedAt: '2026-03-02T10:00:00.000Z',
      language: 'de' as const,
    };
    expect(await reportDocumentViewed('abc', 'key', viewed)).toEqual({
      ok: true,
      value: { recordedAt: '2026-03-02T10:00:01.000Z' },
    });
    expect(firstCall(fetchMock)[0]).toBe('/api/signatures/abc/viewed?key=key');
    expect(JSON.parse(firstCall(fetchMock)[1].body as string)).toEqual(viewed);

    fetchMock = answer(200, { status: 'DECLINED', declinedAt: '2026-03-02T10:05:00.000Z' });
    const outcome = await declineSignature('abc', 'key', { reason: 'Prix erroné', language: 'fr' });
    expect(outcome).toMatchObject({ ok: true, value: { status: 'DECLINED' } });
    expect(firstCall(fetchMock)[0]).toBe('/api/signatures/abc/decline?key=key');
    expect(firstCall(fetchMock)[1].method).toBe('POST');
  });
});

describe('submitSignature', () => {
  it('posts the code, location, phone number and consents as JSON', async () => {
    const fetchMock = answer(200, { status: 'IN_PROGRESS' });
    const payload = {
      code: 'AB12CD34',
      location: 'Luxembourg',
      phoneNumber: '+352621123456',
      consents: {
        termsAndPrivacy: true,
        phoneNumberOwnership: true,
        documentConsent: true,
        legalParagraph: true,
      },
    };
    expect(await submitSignature('abc', 'key', payload)).toEqual({
      ok: true,
      value: { status: 'IN_PROGRESS' },
    });
    const [url, init] = firstCall(fetchMock);
    expect(url).toBe('/api/signatures/abc/otp?key=key');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual(payload);
  });

  it('keeps the per-field errors of a 422', async () => {
    answer(422, { code: 'VALIDATION_FAILED', errors: { location: 'validation.minLength', bad: 3 } });
    const outcome = await submitSignature('abc', 'key', { code: 'X', location: 'L', phoneNumber: 'P' });
    expect(outcome).toMatchObject({
      ok: false,
      failure: { status: 422, errors: { location: 'validation.minLength' } },
    });
  });
});
