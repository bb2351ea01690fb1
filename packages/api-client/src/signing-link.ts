import { createHash } from 'node:crypto';
import { PDFDocument } from '@cantoo/pdf-lib';
import {
  SIGNING_CONSENTS,
  type DeclinePayload,
  type DocumentViewedPayload,
  type Locale,
  type OtpSentResponse,
  type SignPayload,
  type SigningConsent,
  type SigningPageData,
} from '@esign/shared';
import { ApiError, HttpClient } from './http';
import { codeTextedTo, invitationTo, type Inbox } from './outbox';

/** The consents of the identity step, all given. */
export const ALL_CONSENTS = Object.fromEntries(SIGNING_CONSENTS.map((consent) => [consent, true])) as Record<
  SigningConsent,
  boolean
>;

/** How many times a code is asked for while another signature makes a new revision of the document. */
const DELIVERY_ATTEMPTS = 10;

/**
 * A signatory's link (a request and its key), driven through the calls the signing page makes. No token: the
 * key is the signatory's credential.
 */
export class SigningLink {
  private readonly http: HttpClient;
  private readonly path: string;

  constructor(
    baseUrl: string,
    readonly requestId: string,
    readonly key: string,
  ) {
    this.http = new HttpClient(baseUrl);
    this.path = `/api/signatures/${requestId}`;
  }

  /** What the page shows (and, while there is something to sign, the opening recorded). */
  page(): Promise<SigningPageData> {
    return this.http.json('GET', this.path, { query: { key: this.key }, expect: [200] });
  }

  /** The document as it stands, through the link's own route (each delivery is recorded). */
  document(): Promise<Uint8Array> {
    return this.http.bytes('GET', `${this.path}/document`, { query: { key: this.key }, expect: [200] });
  }

  /**
   * What the page reports once its viewer painted the document: the SHA-256 and page count of exactly the
   * bytes the link received, which a code request then requires.
   */
  async reportDisplay(bytes: Uint8Array, language?: Locale): Promise<void> {
    const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    const report: DocumentViewedPayload = {
      documentSha256: createHash('sha256').update(bytes).digest('hex'),
      pageCount: pdf.getPageCount(),
      renderedAt: new Date().toISOString(),
      ...(language ? { language } : {}),
    };
    await this.http.send('POST', `${this.path}/viewed`, {
      query: { key: this.key },
      json: report,
      expect: [200],
    });
  }

  /** The document received and reported displayed, as the page does on opening; the bytes. */
  async receiveAndDisplay(): Promise<Uint8Array> {
    const bytes = await this.document();
    await this.reportDisplay(bytes);
    return bytes;
  }

  /** A code texted to the signatory (in `language`, else the request's). */
  requestCode(language?: Locale): Promise<OtpSentResponse> {
    return this.http.json('GET', `${this.path}/otp`, { query: { key: this.key, language }, expect: [200] });
  }

  /**
   * The document received and displayed, then a code asked for. As the page does, the document is loaded
   * again while another signatory's signature made a new revision first (409 DOCUMENT_NOT_DELIVERED).
   */
  async displayAndRequestCode(language?: Locale): Promise<OtpSentResponse> {
    for (let attempt = 1; ; attempt += 1) {
      await this.receiveAndDisplay();
      try {
        return await this.requestCode(language);
      } catch (error) {
        const stale =
          error instanceof ApiError && error.status === 409 && error.code === 'DOCUMENT_NOT_DELIVERED';
        if (!stale || attempt === DELIVERY_ATTEMPTS) throw error;
      }
    }
  }

  /** Signs with the code: every consent given, in Luxembourg unless `payload` says otherwise. */
  sign(payload: Pick<SignPayload, 'code' | 'phoneNumber'> & Partial<SignPayload>): Promise<unknown> {
    const body: SignPayload = { location: 'Luxembourg', consents: ALL_CONSENTS, ...payload };
    return this.http.json('POST', `${this.path}/otp`, {
      query: { key: this.key },
      json: body,
      expect: [200],
    });
  }

  decline(payload: DeclinePayload): Promise<{ status: 'DECLINED'; declinedAt: string }> {
    return this.http.json('POST', `${this.path}/decline`, {
      query: { key: this.key },
      json: payload,
      expect: [200],
    });
  }
}

/** The link of the newest invitation (or reminder) sent to `email`, to sign `requestId` if given. */
export async function invitedLink(
  baseUrl: string,
  inbox: Inbox,
  email: string,
  requestId?: string,
): Promise<SigningLink> {
  const link = await invitationTo(inbox, email, requestId);
  return new SigningLink(baseUrl, link.requestId, link.key);
}

/**
 * One signatory's whole part, as on the signing page: the link opened from the newest invitation, the
 * document received and displayed, a code asked for, read from `inbox`, and signed with.
 */
export async function signAs(
  baseUrl: string,
  inbox: Inbox,
  requestId: string,
  signatory: { email: string; mobile: string },
): Promise<SigningLink> {
  const link = await invitedLink(baseUrl, inbox, signatory.email, requestId);
  await link.page();
  await link.displayAndRequestCode();
  await link.sign({ code: await codeTextedTo(inbox, signatory.mobile), phoneNumber: signatory.mobile });
  return link;
}
