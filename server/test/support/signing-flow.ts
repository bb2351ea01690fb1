import request from 'supertest';
import { type SignatureRequestInput, type SignatureRequestView } from '@esign/shared';
import { OutboxService } from '../../src/modules/outbox/outbox.service';
import { reportDisplay } from './document-display';
import { type TestApp } from './test-app';
import { nextMobile, signatureInput } from './signature-fixtures';

const LINK = /\/sign\/([0-9a-f-]{36})\?key=([\w%-]+)/;
export const ALL_CONSENTS = {
  termsAndPrivacy: true,
  phoneNumberOwnership: true,
  documentConsent: true,
  legalParagraph: true,
};

export interface Invitee {
  name: string;
  email: string;
  mobile: string;
}

/** Drives the signatory's side through the real endpoints, reading links and codes from the outbox. */
export class SigningDriver {
  constructor(
    private readonly testApp: Pick<TestApp, 'url' | 'app'>,
    private readonly memberToken: string,
  ) {}

  invitees(count: number, prefix = 'signataire'): Invitee[] {
    const run = Math.random().toString(36).slice(2, 8);
    return Array.from({ length: count }, (_, index) => ({
      name: `${prefix} ${index + 1}`,
      email: `${prefix}-${run}-${index + 1}@example.lu`,
      mobile: nextMobile(),
    }));
  }

  async createRequest(
    documentId: string,
    invitees: Invitee[],
    overrides: Partial<SignatureRequestInput> = {},
  ): Promise<SignatureRequestView> {
    const input = signatureInput(documentId, {
      language: 'fr',
      signatories: invitees.map((invitee, index) => ({
        ...invitee,
        order: index + 1,
        placement: { page: 1, position: index % 2 === 0 ? 'bottom-left' : 'bottom-right' },
      })),
      ...overrides,
    });
    const response = await request(this.testApp.url)
      .post('/api/signatures')
      .set('Authorization', `Bearer ${this.memberToken}`)
      .send(input)
      .expect(201);
    return response.body as SignatureRequestView;
  }

  /** The key of the newest invitation (or reminder) e-mailed to `email`. */
  async keyOf(email: string): Promise<string> {
    const messages = await this.testApp.app.get(OutboxService).newestFor(email);
    for (const message of messages) {
      const match = LINK.exec(message.body);
      if (match?.[2]) return decodeURIComponent(match[2]);
    }
    throw new Error(`no signing link sent to ${email}`);
  }

  /** The newest code texted to `mobile` (the SMS starts with it). */
  async codeOf(mobile: string): Promise<string> {
    const [sms] = (await this.testApp.app.get(OutboxService).newestFor(mobile)).filter(
      (m) => m.channel === 'sms',
    );
    const code = /^([0-9A-Z]{8}) /.exec(sms?.body ?? '')?.[1];
    if (!code) throw new Error(`no code texted to ${mobile}`);
    return code;
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
    const bytes = await this.fetchDocument(requestId, key);
    await reportDisplay(this.testApp.url, requestId, key, bytes);
    return bytes;
  }

  /** The document through the link's own route, as the signing page loads it; the bytes received. */
  async fetchDocument(requestId: string, key: string): Promise<Buffer> {
    const response = await fetch(
      `${this.testApp.url}/api/signatures/${requestId}/document?key=${encodeURIComponent(key)}`,
    );
    if (!response.ok) throw new Error(`document refused: ${response.status} ${await response.text()}`);
    return Buffer.from(await response.arrayBuffer());
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
    const key = await this.keyOf(invitee.email);
    await this.page(requestId, key).expect(200);
    for (let attempt = 1; ; attempt += 1) {
      await this.displayDocument(requestId, key);
      const sent = await this.requestCode(requestId, key);
      if (sent.status === 200) break;
      const stale = sent.status === 409 && (sent.body as { code?: string }).code === 'DOCUMENT_NOT_DELIVERED';
      if (!stale || attempt === 10)
        throw new Error(`code refused: ${sent.status} ${JSON.stringify(sent.body)}`);
    }
    await this.submit(requestId, key, await this.codeOf(invitee.mobile), invitee.mobile).expect(200);
  }
}
