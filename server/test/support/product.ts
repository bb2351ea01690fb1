import request from 'supertest';
import { type SignatureRequestInput, type SignatureRequestView } from '@esign/shared';
import {
  ApiClient,
  SigningLink,
  codeIn,
  createMember,
  placedSignatories,
  signingLinkIn,
  type MemberSession,
} from '@esign/api-client';
import { signInAdministrator } from './members';
import { fixturePdf, nextMobile, signatureInput } from './signature-fixtures';
import { type Invitee } from './signing-flow';
import { waitFor } from './wait-for';

export type { MemberSession };

/** Where the product runs: the address of its API, and its database. */
export interface ProductTarget {
  url: string;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

/**
 * The product driven from outside, as its users do: over HTTP against its API, reading what the product sent
 * (links, codes, passwords) from its outbox table, or from the stand-in provider that received it.
 */
export class Product {
  constructor(private readonly cluster: ProductTarget) {}

  api(): ReturnType<typeof request> {
    return request(this.cluster.url);
  }

  adminToken(): Promise<string> {
    return signInAdministrator(this.cluster);
  }

  /**
   * A member made as in production: created by the administrator, first sign-in with the e-mailed temporary
   * password, own password chosen, consent given. `welcome` reads the e-mail the member received.
   */
  createMember(
    adminToken: string,
    input: { email: string; name: string },
    welcome: (email: string) => Promise<string> = (email) => this.newestBody(email),
  ): Promise<MemberSession> {
    return createMember(
      new ApiClient(this.cluster.url, adminToken),
      { ...input, password: 'Membre-Passw0rd' },
      async (email) => [{ channel: 'email', body: await welcome(email) }],
    );
  }

  /** A request to sign a fixture PDF, sent to `invitees` (all at once). */
  async createRequest(
    member: MemberSession,
    invitees: Invitee[],
    overrides: Partial<SignatureRequestInput> = {},
  ): Promise<SignatureRequestView> {
    const client = new ApiClient(this.cluster.url, member.token);
    const upload = await client.uploadPdf(fixturePdf('libreoffice-form.pdf'));
    const input = signatureInput(upload.documentId, {
      language: 'fr',
      signingFlow: 'CONCURRENT',
      signatories: placedSignatories(invitees),
      ...overrides,
    });
    return client.createSignatureRequest(input);
  }

  invitees(count: number, prefix: string): Invitee[] {
    const run = Math.random().toString(36).slice(2, 8);
    return Array.from({ length: count }, (_, index) => ({
      name: `${prefix} ${index + 1}`,
      email: `${prefix}-${run}-${index + 1}@example.lu`,
      mobile: nextMobile(),
    }));
  }

  /** The body of the newest message to `recipient` in the outbox table (waits for it). */
  async newestBody(recipient: string, channel: 'email' | 'sms' = 'email'): Promise<string> {
    return waitFor(`a message to ${recipient}`, async () => {
      const [row] = await this.cluster.query<{ body: string }>(
        `SELECT body FROM outbox_message WHERE lower(recipient) = lower($1) AND channel = $2
         ORDER BY created_at DESC LIMIT 1`,
        [recipient, channel],
      );
      return row?.body;
    });
  }

  /** The signing key of the newest invitation sent to `email`. */
  async keyOf(email: string): Promise<string> {
    const link = signingLinkIn(await this.newestBody(email));
    if (!link) throw new Error(`no signing link sent to ${email}`);
    return link.key;
  }

  /**
   * Opens the signing page (which loads and displays the document) and asks for a code: the product queues
   * the SMS.
   */
  async requestCode(requestId: string, key: string): Promise<void> {
    const link = new SigningLink(this.cluster.url, requestId, key);
    await link.page();
    await link.receiveAndDisplay();
    await link.requestCode();
  }

  /** The document received through the link and reported displayed, as the page does. */
  async displayDocument(requestId: string, key: string): Promise<void> {
    await new SigningLink(this.cluster.url, requestId, key).receiveAndDisplay();
  }

  /** The code in an SMS text (it starts with it). */
  static codeIn(sms: string): string {
    const code = codeIn(sms);
    if (!code) throw new Error(`no code in the SMS « ${sms} »`);
    return code;
  }

  async sign(requestId: string, key: string, code: string, mobile: string): Promise<void> {
    await new SigningLink(this.cluster.url, requestId, key).sign({ code, phoneNumber: mobile });
  }

  async requestStatus(requestId: string): Promise<string | undefined> {
    const [row] = await this.cluster.query<{ status: string }>(
      'SELECT status FROM signature_request WHERE id = $1',
      [requestId],
    );
    return row?.status;
  }
}
