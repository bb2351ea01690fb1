import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import {
  ExternalSignatureError,
  TIMESTAMP_AUTHORITY,
  completeExternalSignature,
  prepareExternalSignature,
  qualifiedStatementsOf,
  readRevision,
  type ExternalSigner,
  type PreparedExternalSignature,
  placeSignature,
  type BoxPlacement,
  type TimestampAuthority,
} from '@esign/pdf-signing';
import { type QualifiedFailure, type SignatureSize } from '@esign/shared';
import { AppConfig } from '../../../config/app-config';
import { CscClient, CscError, pkcePair, type CscCredential } from './csc-client';

/** Why a qualified signature did not complete (QUALIFIED_FAILED records it): declared with the audit events. */
export type { QualifiedFailure };

export class QualifiedSigningError extends Error {
  constructor(
    readonly reason: QualifiedFailure,
    message: string,
  ) {
    super(message);
    this.name = 'QualifiedSigningError';
  }
}

/** One OAuth round trip's secrets: the state the answer must carry (kept hashed) and the PKCE verifier. */
export interface AuthorisationStart {
  url: string;
  stateSha256: Buffer;
  verifier: string;
}

export interface QualifiedCredential {
  id: string;
  /** The sign-in's access token: the provider's time-stamps ask for it. Kept in memory only, never stored. */
  serviceToken: string;
  signer: ExternalSigner;
  /** The signer certificate's subject common name, serial and SHA-256, for the evidence. */
  subject: string;
  issuer: string;
  serialHex: string;
  fingerprintSha256: string;
}

export const stateDigest = (state: string): Buffer => createHash('sha256').update(state).digest();

/**
 * The platform's side of a qualified signature at a trust-service provider (CSC API v2): the two OAuth
 * authorisations, the choice of the signatory's qualified credential, and the PDF work around the
 * provider's signature (prepared before, checked and embedded after, with the platform's time-stamp).
 */
@Injectable()
export class QualifiedProvider {
  private readonly logger = new Logger('QualifiedProvider');
  private readonly client?: CscClient;

  constructor(
    config: AppConfig,
    @Inject(TIMESTAMP_AUTHORITY) private readonly timestampAuthority: TimestampAuthority,
  ) {
    const { CSC_BASE_URL, CSC_CLIENT_ID, CSC_CLIENT_SECRET, CSC_REDIRECT_URI } = config.env;
    if (CSC_BASE_URL && CSC_CLIENT_ID && CSC_CLIENT_SECRET && CSC_REDIRECT_URI) {
      this.client = new CscClient({
        baseUrl: CSC_BASE_URL,
        clientId: CSC_CLIENT_ID,
        clientSecret: CSC_CLIENT_SECRET,
        redirectUri: CSC_REDIRECT_URI,
      });
    }
  }

  get offered(): boolean {
    return this.client !== undefined;
  }

  private get csc(): CscClient {
    if (!this.client) throw new QualifiedSigningError('unavailable', 'no qualified provider is configured');
    return this.client;
  }

  /** The provider's name, as it describes itself. */
  async name(): Promise<string> {
    return (await this.guard(() => this.csc.describe())).name;
  }

  /** Asks the provider now, before anything is used up for it; unavailable when it does not answer. */
  async reachable(): Promise<string> {
    return (await this.guard(() => this.csc.describe({ fresh: true }))).name;
  }

  /** The first authorisation: the signatory signs in at the provider, so their credentials can be read. */
  async serviceAuthorisation(language: string): Promise<AuthorisationStart> {
    return this.authorisation({ scope: 'service' }, language);
  }

  /** The second: the signatory authorises the signature of exactly this hash with this credential. */
  async credentialAuthorisation(
    credentialId: string,
    hash: Buffer,
    language: string,
  ): Promise<AuthorisationStart> {
    return this.authorisation({ scope: 'credential', credentialId, hash }, language);
  }

  /**
   * The signatory's credential whose certificate declares itself qualified for electronic signatures, with
   * the chain the provider gives; not_qualified when they hold none that is usable.
   */
  async qualifiedCredential(code: string, verifier: string): Promise<QualifiedCredential> {
    return this.guard(async () => {
      const { accessToken } = await this.csc.exchangeCode(code, verifier);
      for (const id of await this.csc.listCredentials(accessToken)) {
        const credential = await this.csc.credential(accessToken, id);
        const [leaf, ...chain] = credential.certificatesDer;
        if (!leaf || !credential.usable) continue;
        const statements = qualifiedStatementsOf(leaf);
        if (statements.qcCompliance && statements.forSignatures) {
          return describeCredential(credential, leaf, chain, accessToken);
        }
      }
      throw new QualifiedSigningError('not_qualified', 'no usable qualified credential');
    });
  }

  /** The signature's update with its placeholder, over the current revision. */
  async prepare(
    pdf: Buffer,
    credential: Pick<QualifiedCredential, 'signer'>,
    options: {
      name: string;
      reason: string;
      location: string;
      signingTime: Date;
      placement: BoxPlacement;
      signatureSize: SignatureSize;
      lines: string[];
    },
  ): Promise<PreparedExternalSignature> {
    const revision = await readRevision(pdf);
    const { pageIndex, rect } = placeSignature(revision.document, options.placement, options.signatureSize);
    return prepareExternalSignature(revision, {
      signer: credential.signer,
      timestamped: true,
      name: options.name,
      reason: options.reason,
      location: options.location,
      signingTime: options.signingTime,
      appearance: { pageIndex, rect, lines: options.lines },
    });
  }

  /** The provider's signature of the authorised hash (never retried: the authorisation signs once). */
  async signHash(
    code: string,
    verifier: string,
    credential: Pick<QualifiedCredential, 'id' | 'signer'>,
    hash: Buffer,
    transactionId: string,
  ): Promise<Buffer> {
    return this.guard(async () => {
      const { accessToken } = await this.csc.exchangeCode(code, verifier);
      const [certificate] = [credential.signer.certificateDer];
      const algorithm = new X509Certificate(certificate).publicKey.asymmetricKeyType;
      const cscCredential: CscCredential = {
        id: credential.id,
        certificatesDer: [certificate, ...credential.signer.chainDer],
        keyAlgorithms: [algorithm === 'ec' ? '1.2.840.10045.2.1' : '1.2.840.113549.1.1.1'],
        usable: true,
      };
      return this.csc.signHash(accessToken, cscCredential, hash, transactionId);
    });
  }

  /**
   * Checks the provider's value and embeds it with a signature time-stamp; invalid_signature when it does not
   * verify. The time-stamp is the provider's when it offers them and the sign-in's token is at hand (this
   * process took the sign-in), else the platform's authority, which also time-stamps the seal. Says which.
   */
  async complete(
    prepared: Pick<
      PreparedExternalSignature,
      'pdf' | 'contentsOffset' | 'reservedBytes' | 'signedAttributes'
    >,
    signer: ExternalSigner,
    value: Buffer,
    serviceToken: string | undefined,
  ): Promise<{ pdf: Buffer; timestampedBy: 'provider' | 'platform' }> {
    let timestampedBy: 'provider' | 'platform' = 'platform';
    const authority: TimestampAuthority = {
      timestamp: async (imprint) => {
        if (serviceToken) {
          const token = await this.csc
            .timestamp(serviceToken, imprint.hashedMessage)
            .catch((error: unknown) => {
              // A signature is not lost for want of the provider's clock: the platform's stands in.
              this.logger.warn({ err: error }, "The provider's time-stamp failed; the platform's is used");
              return undefined;
            });
          if (token) {
            timestampedBy = 'provider';
            return token;
          }
        }
        return this.timestampAuthority.timestamp(imprint);
      },
    };
    try {
      const pdf = await completeExternalSignature(prepared, signer, value, authority);
      return { pdf, timestampedBy };
    } catch (error) {
      if (error instanceof ExternalSignatureError && error.code !== 'SIGNATURE_TOO_LARGE') {
        throw new QualifiedSigningError('invalid_signature', error.message);
      }
      throw error;
    }
  }

  private async authorisation(
    scope: Parameters<CscClient['authorizationUrl']>[0],
    language: string,
  ): Promise<AuthorisationStart> {
    const state = randomBytes(32).toString('base64url');
    const pkce = pkcePair();
    const url = await this.guard(() => this.csc.authorizationUrl(scope, state, pkce.challenge, language));
    return { url, stateSha256: stateDigest(state), verifier: pkce.verifier };
  }

  /** Provider failures in the platform's words: down or slow is unavailable, a refusal is refused. */
  private async guard<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof QualifiedSigningError) throw error;
      if (error instanceof CscError) {
        this.logger.warn({ kind: error.kind, providerError: error.providerError }, error.message);
        throw new QualifiedSigningError(
          error.kind === 'UNAVAILABLE' ? 'unavailable' : 'refused',
          error.message,
        );
      }
      throw error;
    }
  }
}

function describeCredential(
  credential: CscCredential,
  leaf: Buffer,
  chain: Buffer[],
  serviceToken: string,
): QualifiedCredential {
  const certificate = new X509Certificate(leaf);
  const field = (name: string, from: string) => new RegExp(`(?:^|\\n)${name}=([^\\n]+)`).exec(from)?.[1];
  return {
    id: credential.id,
    serviceToken,
    signer: { certificateDer: leaf, chainDer: chain },
    subject: field('CN', certificate.subject) ?? certificate.subject,
    issuer: field('O', certificate.issuer) ?? field('CN', certificate.issuer) ?? certificate.issuer,
    serialHex: certificate.serialNumber.toLowerCase(),
    fingerprintSha256: createHash('sha256').update(leaf).digest('hex'),
  };
}
