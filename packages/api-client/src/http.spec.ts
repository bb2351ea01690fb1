import { ApiClient } from './api-client';
import { ApiError } from './http';
import { jsonOf, localServer } from './test-support/local-server';

describe('the HTTP client', () => {
  it('sends JSON with the bearer token and the query, and answers the JSON body', async () => {
    const server = await localServer({ 'POST /api/things': () => ({ status: 201, json: { id: 'a1' } }) });
    try {
      const client = new ApiClient(server.url, 'token-1');
      const answer = await client.json('POST', '/api/things', {
        json: { name: 'x' },
        query: { page: 2, q: undefined },
      });
      expect(answer).toEqual({ id: 'a1' });
      const [request] = server.received;
      expect(request?.headers.authorization).toBe('Bearer token-1');
      expect(request?.headers['content-type']).toBe('application/json');
      expect(request?.query.toString()).toBe('page=2');
      expect(jsonOf(request)).toEqual({ name: 'x' });
    } finally {
      await server.close();
    }
  });

  it('throws on an unexpected status an error naming the method, the path, the status and the body', async () => {
    const refusal = { code: 'DOCUMENT_NOT_DELIVERED', message: 'x'.repeat(1000) };
    const server = await localServer({
      'GET /api/signatures/r1/otp': () => ({ status: 409, json: refusal }),
    });
    try {
      const call = new ApiClient(server.url).json('GET', '/api/signatures/r1/otp', {
        query: { key: 'secret' },
      });
      const error = (await call.catch((caught: unknown) => caught)) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.message).toMatch(
        /^GET \/api\/signatures\/r1\/otp answered 409: \{"code":"DOCUMENT_NOT_DELIVERED"/,
      );
      // The key stays out of the message; only the start of a long body is quoted.
      expect(error.message).not.toContain('secret');
      expect(error.message.length).toBeLessThan(400);
      expect({ status: error.status, code: error.code }).toEqual({
        status: 409,
        code: 'DOCUMENT_NOT_DELIVERED',
      });
    } finally {
      await server.close();
    }
  });

  it('answers a status the caller expects, refusal or not', async () => {
    const server = await localServer({
      'DELETE /api/signatures/r1': () => ({ status: 404, json: { code: 'NOT_FOUND' } }),
    });
    try {
      const answer = await new ApiClient(server.url).send('DELETE', '/api/signatures/r1', { expect: [404] });
      expect(answer.status).toBe(404);
      await expect(
        new ApiClient(server.url).send('DELETE', '/api/signatures/r1', { expect: [200] }),
      ).rejects.toThrow('DELETE /api/signatures/r1 answered 404');
    } finally {
      await server.close();
    }
  });

  it('uploads as the back office does: an address, the PUT of the bytes there, then the checks', async () => {
    const bytes = new Uint8Array([37, 80, 68, 70]);
    const server = await localServer({
      'POST /api/pdf': () => ({
        status: 201,
        json: { fileId: 'f1', url: '/api/files/upload/f1?signature=s' },
      }),
      'PUT /api/files/upload/f1': () => ({ status: 200 }),
      'POST /api/pdf/f1/complete': () => ({ status: 200, json: { documentId: 'd1', pdfPageCount: 1 } }),
    });
    try {
      const completed = await new ApiClient(server.url, 'member').uploadPdf(bytes, 'bail.pdf');
      expect(completed).toMatchObject({ documentId: 'd1' });
      const [issue, put, complete] = server.received;
      expect(jsonOf(issue)).toEqual({ documentType: 'CUSTOM', size: 4, fileName: 'bail.pdf' });
      expect(put?.query.get('signature')).toBe('s');
      expect(put?.headers['content-type']).toBe('application/pdf');
      // The upload address is its own credential: no bearer token goes there.
      expect(put?.headers.authorization).toBeUndefined();
      expect([...(put?.body ?? [])]).toEqual([...bytes]);
      expect(complete?.headers.authorization).toBe('Bearer member');
    } finally {
      await server.close();
    }
  });
});
