import { randomPositiveSerial } from './signing-keys';
import {
  TimestampAuthorityError,
  type TimestampAuthority,
  type TimestampImprint,
} from './timestamp-authority';
import {
  PkiFailureInfo,
  PkiStatus,
  TIMESTAMP_QUERY_MEDIA_TYPE,
  TIMESTAMP_REPLY_MEDIA_TYPE,
  decodeTimestampResponse,
  encodeTimestampRequest,
} from './timestamp-protocol';
import { verifyTimestampTokenIntegrity } from './timestamp-token';

export interface HttpTimestampAuthorityOptions {
  /**
   * The TSA endpoint. `https://user:password@host/path` credentials are sent as HTTP Basic
   * authentication (fetch refuses URLs that carry them) and never appear in errors: only the origin does.
   */
  url: string;
  timeoutMs?: number;
  /** Ask for this TSA policy; the token must then carry it. */
  policyOid?: string;
  /** Extra headers, e.g. Authorization for a subscription TSA. */
  headers?: Record<string, string>;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** Real tokens are a few kilobytes; anything far larger is not a time-stamp reply. */
const MAX_RESPONSE_BYTES = 1024 * 1024;

/** RFC 3161 over HTTP (§3.4): posts a TimeStampReq and checks that the token answers this request. */
export class HttpTimestampAuthority implements TimestampAuthority {
  private readonly endpoint: URL;
  private readonly origin: string;
  private readonly headers: Record<string, string>;

  constructor(private readonly options: HttpTimestampAuthorityOptions) {
    this.endpoint = new URL(options.url);
    this.origin = this.endpoint.origin;
    this.headers = { ...options.headers };
    if (this.endpoint.username || this.endpoint.password) {
      const credentials = `${decodeURIComponent(this.endpoint.username)}:${decodeURIComponent(this.endpoint.password)}`;
      if (!Object.keys(this.headers).some((name) => name.toLowerCase() === 'authorization')) {
        this.headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
      }
      this.endpoint.username = '';
      this.endpoint.password = '';
    }
  }

  async timestamp(imprint: TimestampImprint): Promise<Buffer> {
    // A fresh nonce per request ties the reply to it, so a replayed or misrouted reply is refused.
    const nonce = randomPositiveSerial();
    const request = encodeTimestampRequest({
      imprint,
      nonce,
      certReq: true,
      policyOid: this.options.policyOid,
    });
    const reply = await this.post(request);
    const token = this.grantedToken(reply);
    this.assertTokenAnswers(token, imprint, nonce);
    return token;
  }

  private async post(body: Buffer): Promise<Buffer> {
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          ...this.headers,
          'content-type': TIMESTAMP_QUERY_MEDIA_TYPE,
          accept: TIMESTAMP_REPLY_MEDIA_TYPE,
        },
        body: Uint8Array.from(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      throw new TimestampAuthorityError(`the TSA at ${this.origin} could not be reached`, { cause: error });
    }
    if (!response.ok) {
      throw new TimestampAuthorityError(`the TSA at ${this.origin} answered HTTP ${response.status}`);
    }
    const reply = await readAtMost(response, MAX_RESPONSE_BYTES);
    if (!reply) {
      throw new TimestampAuthorityError(
        `the TSA at ${this.origin} sent more than ${MAX_RESPONSE_BYTES} bytes`,
      );
    }
    return reply;
  }

  private grantedToken(reply: Buffer): Buffer {
    let decoded;
    try {
      decoded = decodeTimestampResponse(reply);
    } catch (error) {
      throw new TimestampAuthorityError(`the TSA at ${this.origin} did not send a TimeStampResp`, {
        cause: error,
      });
    }
    const granted = decoded.status === PkiStatus.granted || decoded.status === PkiStatus.grantedWithMods;
    if (!granted || !decoded.token) {
      const reasons = [...decoded.failures.map((failure) => PkiFailureInfo[failure]), ...decoded.statusText];
      throw new TimestampAuthorityError(
        `the TSA at ${this.origin} refused the request (status ${PkiStatus[decoded.status] ?? decoded.status}` +
          `${reasons.length ? `: ${reasons.join('; ')}` : ''})`,
      );
    }
    return decoded.token;
  }

  private assertTokenAnswers(token: Buffer, imprint: TimestampImprint, nonce: Buffer): void {
    const { tstInfo } = verifyTimestampTokenIntegrity(token);
    const { hashAlgorithm, hashedMessage } = tstInfo.messageImprint;
    if (
      hashAlgorithm.algorithm !== imprint.hashAlgorithmOid ||
      !Buffer.from(hashedMessage).equals(imprint.hashedMessage)
    ) {
      throw new TimestampAuthorityError(`the TSA at ${this.origin} time-stamped another message imprint`);
    }
    if (!tstInfo.nonce || !Buffer.from(tstInfo.nonce).equals(nonce)) {
      throw new TimestampAuthorityError(`the TSA at ${this.origin} answered with another nonce`);
    }
    if (this.options.policyOid && tstInfo.policy !== this.options.policyOid) {
      throw new TimestampAuthorityError(
        `the TSA at ${this.origin} used policy ${tstInfo.policy}, not the one requested`,
      );
    }
  }
}

/** The body, or undefined as soon as it exceeds `limit`: a misbehaving server cannot fill the memory. */
async function readAtMost(response: Response, limit: number): Promise<Buffer | undefined> {
  const chunks: Uint8Array[] = [];
  let received = 0;
  for await (const chunk of response.body ?? []) {
    received += chunk.byteLength;
    // Leaving the loop early cancels the stream, which closes the connection.
    if (received > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
