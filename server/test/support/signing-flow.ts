import request from 'supertest';
import { type SignatureRequestInput, type SignatureRequestView } from '@esign/shared';
import {
  ALL_CONSENTS,
  ApiClient,
  SigningLink,
  codeTextedTo,
  invitationTo,
  placedSignatories,
  signAs,
  type Inbox,
  type Person,
} from '@esign/api-client';
import { appOutbox } from './members';
import { type TestApp } from './test-app';
import { nextMobile, signatureInput } from './signature-fixtures';

export { ALL_CONSENTS };

export type Invitee = Person;

/**
 * Drives the signatory's side through the real endpoints, reading links and codes from the outbox. The
 * shared steps go through the API client; `page`, `requestCode` and `submit` answer supertest calls, for the
 * tests that look at the status and the body themselves.
 */
export class SigningDriver {
  private readonly inbox: Inbox;

  constructor(
    private readonly testApp: Pick<TestApp, 'url' | 'app'>,
    private readonly memberToken: string,
  ) {
    this.inbox = appOutbox(testApp);
  }

  invitees(count: number, prefix = 'signataire'): Invitee[] {
    const run = Math.random().toString(36).slice(2, 8);
    return Array.from({ length: count }, (_, index) => ({
      name: `${prefix} ${index + 1}`,
      email: `${prefix}-${run}-${index + 1}@example.lu`,
      mobile: nextMobile(),
    }));
  }

  createRequest(
    documentId: string,
    invitees: Invitee[],
    overrides: Partial<SignatureRequestInput> = {},
  ): Promise<SignatureRequestView> {
    const input = signatureInput(documentId, {
      language: 'fr',
      signatories: placedSignatories(invitees),
      ...overrides,
    });
    return new ApiClient(this.testApp.url, this.memberToken).createSignatureRequest(input);
  }

  /** The key of the newest invitation (or reminder) e-mailed to `email`. */
  async keyOf(email: string): Promise<string> {
    return (await invitationTo(this.inbox, email)).key;
  }

  /** The newest code texted to `mobile` (the SMS starts with it). */
  codeOf(mobile: string): Promise<string> {
    return codeTextedTo(this.inbox, mobile);
  }

  page(requestId: string, key: string) {
    return request(this.testApp.url).get(`/api/signatures/${requestId}`).query({ key });
  }

  /**
   * The key of `email`'s link, once that link has received the document and displayed it (as the page does on
   * opening).
   */
  async openLink(requestId: string, email: string): Promise<string> {
    const key = await this.keyOf(email);
    await this.displayDocument(requestId, key);
    return key;
  }

  /** The document received through the link and reported displayed, as the page does; the bytes. */
  async displayDocument(requestId: string, key: string): Promise<Buffer> {
    return Buffer.from(await this.link(requestId, key).receiveAndDisplay());
  }

  /** The document through the link's own route, as the signing page loads it; the bytes received. */
  async fetchDocument(requestId: string, key: string): Promise<Buffer> {
    return Buffer.from(await this.link(requestId, key).document());
  }

  requestCode(requestId: string, key: string, language?: string) {
    return request(this.testApp.url)
      .get(`/api/signatures/${requestId}/otp`)
      .query(language ? { key, language } : { key });
  }

  submit(
    requestId: string,
    key: string,
    code: string,
    phoneNumber: string,
    extra: Record<string, unknown> = {},
  ) {
    return request(this.testApp.url)
      .post(`/api/signatures/${requestId}/otp`)
      .query({ key })
      .send({ code, location: 'Luxembourg', phoneNumber, consents: ALL_CONSENTS, ...extra });
  }

  /**
   * The whole journey of one signatory: open, receive and display the document, ask for a code, read it, sign.
   * As the page does, the document is loaded again when another signatory's signature made a new revision
   * first.
   */
  async signAs(requestId: string, invitee: Invitee): Promise<void> {
    await signAs(this.testApp.url, this.inbox, requestId, invitee);
  }

  private link(requestId: string, key: string): SigningLink {
    return new SigningLink(this.testApp.url, requestId, key);
  }
}
