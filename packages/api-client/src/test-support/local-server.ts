import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';

/** A request as the local server received it. */
export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface Reply {
  status?: number;
  json?: unknown;
  text?: string;
  bytes?: Uint8Array;
}

export type Route = (request: Received) => Reply | Promise<Reply>;

/**
 * A real HTTP server on a loopback port, answering from `routes` (keyed `METHOD /path`), recording every
 * request: the client is exercised over the wire, its `fetch` untouched.
 */
export async function localServer(routes: Record<string, Route>) {
  const received: Received[] = [];
  const server: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://localhost');
      const request: Received = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks),
      };
      received.push(request);
      const route = routes[`${request.method} ${request.path}`];
      void Promise.resolve(route ? route(request) : { status: 404, json: { code: 'NOT_FOUND' } }).then(
        (reply) => {
          const type =
            reply.json !== undefined ? 'application/json' : reply.bytes ? 'application/pdf' : 'text/plain';
          response.writeHead(reply.status ?? 200, { 'Content-Type': type });
          response.end(
            reply.json !== undefined ? JSON.stringify(reply.json) : (reply.bytes ?? reply.text ?? ''),
          );
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** The JSON body of a received request. */
export function jsonOf(request: Received | undefined): unknown {
  return JSON.parse(request?.body.toString('utf8') ?? 'null');
}
