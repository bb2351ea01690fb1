import request from 'supertest';
import {
  type PublicConfig,
  type SignatureRequestInput,
  type SignatureRequestView,
  type UserView,
} from '@esign/shared';
import { reportDisplay } from './document-display';
import { completeNewPassword, initiateAuth, poolEndpoint } from './cognito';
import { signInAdministrator } from './members';
import { fixturePdf, nextMobile, signatureInput, uploadPdf } from './signature-fixtures';
import { ALL_CONSENTS, type Invitee } from './signing-flow';
import { waitFor } from './wait-for';

const LINK = /\/sign\/([0-9a-f-]{36})\?key=([\w%-]+)/;
const TEMPORARY_PASSWORD = /Mot de passe temporaire : (\S+)/;
const CODE = /^([0-9A-Z]{8}) /;

export interface MemberSession {
  id: string;
  email: string;
  token: string;
}

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
  async createMember(
    adminToken: string,
    input: { email: string; name: string },
    welcome: (email: string) => Promise<string> = (email) => this.newestBody(email),
  ): Promise<MemberSession> {
    const created = await this.api()
      .post('/api/users')
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ name: input.name, email: input.email, mobile: '621 123 456', language: 'fr' })
      .expect(201);
    const temporaryPassword = TEMPORARY_PASSWORD.exec(await welcome(input.email))?.[1];
    if (!temporaryPassword) throw new Error(`no temporary password e-mailed to ${input.email}`);
    const config = (await this.api().get('/api/config').expect(200)).body as PublicConfig;
    const endpoint = poolEndpoint(this.cluster.url, config);
    const first = await initiateAuth(endpoint, config.cognito.clientId, input.email, temporaryPassword);
    const token = await completeNewPassword(
      endpoint,
      config.cognito.clientId,
      input.email,
      first.Session ?? '',
      'Membre-Passw0rd',
    );
    await this.api().post('/api/users/me/gdpr').set('Authorization', `Bearer ${token}`).send({}).expect(200);
    return { id: (created.body as UserView).id, email: input.email, token };
  }

  /** A request to sign a fixture PDF, sent to `invitees` (all at once). */
  async createRequest(
    member: MemberSession,
    invitees: Invitee[],
    overrides: Partial<SignatureRequestInput> = {},
  ): Promise<SignatureRequestView> {
    const upload = await uploadPdf(this.cluster.url, member.token, fixturePdf('libreoffice-form.pdf'));
    const input = signatureInput(upload.documentId, {
      language: 'fr',
      signingFlow: 'CONCURRENT',
      signatories: invitees.map((invitee, index) => ({
        ...invitee,
        order: index + 1,
        placement: { page: 1, position: index % 2 === 0 ? 'bottom-left' : 'bottom-right' },
      })),
      ...overrides,
    });
    const response = await this.api()
      .post('/api/signatures')
      .set('Authorization', `Bearer ${member.token}`)
      .send(input)
      .expect(201);
    return response.body as SignatureRequestView;
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
    const match = LINK.exec(await this.newestBody(email));
    if (!match?.[2]) throw new Error(`no signing link sent to ${email}`);
    return decodeURIComponent(match[2]);
  }

  /**
   * Opens the signing page (which loads and displays the document) and asks for a code: the product queues
   * the SMS.
   */
  async requestCode(requestId: string, key: string): Promise<void> {
    await this.api().get(`/api/signatures/${requestId}`).query({ key }).expect(200);
    await this.displayDocument(requestId, key);
    await this.api().get(`/api/signatures/${requestId}/otp`).query({ key }).expect(200);
  }

  /** The document received through the link and reported displayed, as the page does. */
  async displayDocument(requestId: string, key: string): Promise<void> {
    const document = await this.api()
      .get(`/api/signatures/${requestId}/document`)
      .query({ key })
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    await reportDisplay(this.cluster.url, requestId, key, document.body as Buffer);
  }

  /** The code in an SMS text (it starts with it). */
  static codeIn(sms: string): string {
    const code = CODE.exec(sms)?.[1];
    if (!code) throw new Error(`no code in the SMS « ${sms} »`);
    return code;
  }

  async sign(requestId: string, key: string, code: string, mobile: string): Promise<void> {
    await this.api()
      .post(`/api/signatures/${requestId}/otp`)
      .query({ key })
      .send({ code, location: 'Luxembourg', phoneNumber: mobile, consents: ALL_CONSENTS })
      .expect(200);
  }

  async requestStatus(requestId: string): Promise<string | undefined> {
    const [row] = await this.cluster.query<{ status: string }>(
      'SELECT status FROM signature_request WHERE id = $1',
      [requestId],
    );
    return row?.status;
  }
}
