/** How much of an unexpected answer's body an error quotes: enough for the error code and its message. */
const BODY_START = 300;

/**
 * An answer with a status the caller did not expect. The message names the call and quotes the start of the
 * body; `status`, `body` and `code` (the product's error code, when the body carries one) let a caller that
 * expects a refusal look at it.
 */
export class ApiError extends Error {
  constructor(
    readonly method: string,
    /** The path called, without its query string (which may carry a signing key). */
    readonly path: string,
    readonly status: number,
    readonly body: string,
    /** The operation, where the path alone does not say it (the user pool's `InitiateAuth`). */
    readonly operation?: string,
  ) {
    const call = operation ? `${method} ${path} ${operation}` : `${method} ${path}`;
    super(`${call} answered ${status}: ${body.slice(0, BODY_START)}`);
    this.name = 'ApiError';
  }

  /** The body as JSON, or undefined when it is not JSON. */
  json(): unknown {
    try {
      return JSON.parse(this.body) as unknown;
    } catch {
      return undefined;
    }
  }

  /** The product's error code (`ErrorCode`), when the body carries one. */
  get code(): string | undefined {
    const body = this.json();
    const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
    return typeof code === 'string' ? code : undefined;
  }
}

export type QueryValue = string | number | boolean | undefined;

export interface CallOptions {
  /** A bearer token for this call; the client's own otherwise, none when null. */
  token?: string | null;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as they are (a file's bytes, a form). */
  body?: Uint8Array | FormData | string;
  headers?: Record<string, string>;
  /** The statuses that are answers; any other throws an ApiError. Any 2xx by default. */
  expect?: readonly number[];
  /** Named in an error beside the path, where the path alone does not say what was called. */
  operation?: string;
}

/** An answer read whole: its status, its headers, and its body as text. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

function accepted(status: number, expect: readonly number[] | undefined): boolean {
  return expect ? expect.includes(status) : status >= 200 && status < 300;
}

/**
 * The product's HTTP API at `baseUrl` (its origin, as a browser reaches it), with the bearer token of whoever
 * calls. Paths are resolved against the origin, so an absolute address the product hands out (an S3 upload
 * address) is called as it is. Global `fetch` only.
 */
export class HttpClient {
  constructor(
    readonly baseUrl: string,
    readonly token?: string,
  ) {}

  /** The address of `path` on the product, with `query`. */
  url(path: string, query: Record<string, QueryValue> = {}): URL {
    const url = new URL(path, this.baseUrl);
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return url;
  }

  /** The call as made, its answer unread and unchecked: for a caller that looks at the answer itself. */
  fetch(method: string, path: string, options: CallOptions = {}): Promise<Response> {
    const token = options.token === undefined ? this.token : options.token;
    const headers: Record<string, string> = {
      ...(options.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...options.headers,
    };
    // A copy of bytes: fetch takes only those backed by an ArrayBuffer, and a Buffer may not be.
    const body =
      options.json !== undefined
        ? JSON.stringify(options.json)
        : options.body instanceof Uint8Array
          ? new Uint8Array(options.body)
          : options.body;
    return fetch(this.url(path, options.query), { method, headers, body });
  }

  /** The answer read as text; throws an ApiError on a status not expected. */
  async send(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const response = await this.fetch(method, path, options);
    const text = await response.text();
    if (!accepted(response.status, options.expect)) {
      throw new ApiError(method, this.url(path).pathname, response.status, text, options.operation);
    }
    return { status: response.status, headers: response.headers, text };
  }

  /** The answer's JSON body (undefined when empty); throws an ApiError on a status not expected. */
  async json<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
    const { text } = await this.send(method, path, options);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** The answer's bytes; throws an ApiError on a status not expected. */
  async bytes(method: string, path: string, options: CallOptions = {}): Promise<Uint8Array> {
    const response = await this.fetch(method, path, options);
    if (!accepted(response.status, options.expect)) {
      const text = await response.text();
      throw new ApiError(method, this.url(path).pathname, response.status, text, options.operation);
    }
    return new Uint8Array(await response.arrayBuffer());
  }
}
