import { AsnConvert } from '@peculiar/asn1-schema';
import { GeneralName, type Name } from '@peculiar/asn1-x509';
import { createSignedData, parseDerCertificate } from './cms-signed-data';
import { OID, supportedHashAlgorithm } from './oids';
import type { SigningIdentity } from './pki-material';
import { randomPositiveSerial } from './signing-keys';
import {
  TimestampAuthorityError,
  type TimestampAuthority,
  type TimestampImprint,
} from './timestamp-authority';
import {
  PkiFailureInfo,
  TimestampRequestRejection,
  decodeTimestampRequest,
  encodeGrantedResponse,
  encodeRejectionResponse,
  toMessageImprint,
} from './timestamp-protocol';
import { Accuracy, TSTInfo, type MessageImprint, type TimeStampReq } from './tsp-asn1';

/**
 * Policy of the embedded, development-only TSA. An OID under the UUID arc 2.25 (ITU-T X.667) is
 * unique without registration and cannot be mistaken for a real TSA's policy.
 */
export const DEVELOPMENT_TIMESTAMP_POLICY_OID = '2.25.72898968764382941432143306656517962712';

export interface LocalTimestampAuthorityOptions {
  policyOid?: string;
  clock?: () => Date;
}

interface TokenRequest {
  messageImprint: MessageImprint;
  nonce?: ArrayBuffer;
  includeCertificate: boolean;
}

/** An RFC 3161 time-stamp authority running in-process with the development TSA key. */
export class LocalTimestampAuthority implements TimestampAuthority {
  private readonly policyOid: string;
  private readonly clock: () => Date;
  private readonly subject: Name;

  constructor(
    private readonly identity: SigningIdentity,
    options: LocalTimestampAuthorityOptions = {},
  ) {
    this.policyOid = options.policyOid ?? DEVELOPMENT_TIMESTAMP_POLICY_OID;
    this.clock = options.clock ?? (() => new Date());
    this.subject = parseDerCertificate(identity.certificateDer).tbsCertificate.subject;
  }

  async timestamp(imprint: TimestampImprint): Promise<Buffer> {
    try {
      assertSupportedImprint(imprint.hashAlgorithmOid, imprint.hashedMessage.length);
    } catch (error) {
      if (error instanceof TimestampRequestRejection) throw new TimestampAuthorityError(error.message);
      throw error;
    }
    return this.issueToken({ messageImprint: toMessageImprint(imprint), includeCertificate: true });
  }

  /**
   * Answers a DER TimeStampReq with a DER TimeStampResp, as served over HTTP with the media types of
   * RFC 3161 §3.4. Requests it cannot honour get a rejection status, never an exception.
   */
  async handleTimestampRequest(derRequest: Buffer): Promise<Buffer> {
    let request: TimeStampReq;
    try {
      request = decodeTimestampRequest(derRequest);
      this.assertAcceptable(request);
    } catch (error) {
      if (error instanceof TimestampRequestRejection)
        return encodeRejectionResponse(error.failure, error.message);
      throw error;
    }
    const token = await this.issueToken({
      messageImprint: request.messageImprint,
      nonce: request.nonce,
      // RFC 3161 §2.4.1: without certReq the certificates field must be absent.
      includeCertificate: request.certReq,
    });
    return encodeGrantedResponse(token);
  }

  private assertAcceptable(request: TimeStampReq): void {
    if (request.version !== 1) {
      throw new TimestampRequestRejection(PkiFailureInfo.badRequest, 'only version 1 requests are supported');
    }
    const { hashAlgorithm, hashedMessage } = request.messageImprint;
    assertSupportedImprint(hashAlgorithm.algorithm, hashedMessage.byteLength);
    if (request.reqPolicy !== undefined && request.reqPolicy !== this.policyOid) {
      throw new TimestampRequestRejection(
        PkiFailureInfo.unacceptedPolicy,
        `only policy ${this.policyOid} is offered`,
      );
    }
    if (request.extensions?.length) {
      throw new TimestampRequestRejection(
        PkiFailureInfo.unacceptedExtension,
        'request extensions are not supported',
      );
    }
  }

  private async issueToken(request: TokenRequest): Promise<Buffer> {
    const tstInfo = new TSTInfo({
      policy: this.policyOid,
      messageImprint: request.messageImprint,
      serialNumber: Uint8Array.from(randomPositiveSerial()).buffer,
      genTime: truncatedToSecond(this.clock()),
      // The time is truncated to the second, so it may run up to one second behind.
      accuracy: new Accuracy({ seconds: 1 }),
      nonce: request.nonce,
      tsa: new GeneralName({ directoryName: this.subject }),
    });
    return createSignedData({
      contentType: OID.tstInfo,
      content: Buffer.from(AsnConvert.serialize(tstInfo)),
      encapsulate: true,
      signer: this.identity,
      certificatesDer: request.includeCertificate ? [this.identity.certificateDer] : [],
    });
  }
}

function assertSupportedImprint(hashAlgorithmOid: string, hashedMessageLength: number): void {
  const algorithm = supportedHashAlgorithm(hashAlgorithmOid);
  if (!algorithm) {
    throw new TimestampRequestRejection(
      PkiFailureInfo.badAlg,
      `unsupported hash algorithm ${hashAlgorithmOid}`,
    );
  }
  if (hashedMessageLength !== algorithm.byteLength) {
    throw new TimestampRequestRejection(
      PkiFailureInfo.badDataFormat,
      `a ${algorithm.nodeName} digest has ${algorithm.byteLength} bytes, not ${hashedMessageLength}`,
    );
  }
}

/** Whole seconds keep the GeneralizedTime free of fractional digits, which DER restricts (X.690 §11.7). */
function truncatedToSecond(time: Date): Date {
  return new Date(Math.floor(time.getTime() / 1000) * 1000);
}
