import { AsnConvert, BitString } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier } from '@peculiar/asn1-x509';
import type { TimestampImprint } from './timestamp-authority';
import { MessageImprint, PKIStatusInfo, TimeStampReq, TimeStampResp } from './tsp-asn1';

/** RFC 3161 §2.4.2 PKIStatus. */
export enum PkiStatus {
  granted = 0,
  grantedWithMods = 1,
  rejection = 2,
  waiting = 3,
  revocationWarning = 4,
  revocationNotification = 5,
}

/** RFC 3161 §2.4.2 PKIFailureInfo: bit positions in the failInfo BIT STRING. */
export enum PkiFailureInfo {
  badAlg = 0,
  badRequest = 2,
  badDataFormat = 5,
  timeNotAvailable = 14,
  unacceptedPolicy = 15,
  unacceptedExtension = 16,
  addInfoNotAvailable = 17,
  systemFailure = 25,
}

/** RFC 3161 §3.4 media types for the HTTP transport. */
export const TIMESTAMP_QUERY_MEDIA_TYPE = 'application/timestamp-query';
export const TIMESTAMP_REPLY_MEDIA_TYPE = 'application/timestamp-reply';

/** A request the TSA answers with a rejection: carries the RFC 3161 reason and a text for the client. */
export class TimestampRequestRejection extends Error {
  constructor(
    readonly failure: PkiFailureInfo,
    message: string,
  ) {
    super(message);
    this.name = 'TimestampRequestRejection';
  }
}

export interface DecodedTimestampResponse {
  status: PkiStatus;
  statusText: string[];
  failures: PkiFailureInfo[];
  token?: Buffer;
}

export function encodeTimestampRequest(request: {
  imprint: TimestampImprint;
  nonce?: Buffer;
  certReq: boolean;
  policyOid?: string;
}): Buffer {
  const timeStampReq = new TimeStampReq({
    messageImprint: toMessageImprint(request.imprint),
    reqPolicy: request.policyOid,
    nonce: request.nonce ? Uint8Array.from(request.nonce).buffer : undefined,
    certReq: request.certReq,
  });
  return Buffer.from(AsnConvert.serialize(timeStampReq));
}

/** Throws TimestampRequestRejection(badDataFormat) for anything that is not one TimeStampReq. */
export function decodeTimestampRequest(der: Buffer): TimeStampReq {
  try {
    assertSingleElement(der);
    return AsnConvert.parse(der, TimeStampReq);
  } catch (error) {
    if (error instanceof TimestampRequestRejection) throw error;
    throw new TimestampRequestRejection(PkiFailureInfo.badDataFormat, 'the request is not a TimeStampReq');
  }
}

export function encodeGrantedResponse(token: Buffer): Buffer {
  const response = new TimeStampResp({
    status: new PKIStatusInfo({ status: PkiStatus.granted }),
    timeStampToken: Uint8Array.from(token).buffer,
  });
  return Buffer.from(AsnConvert.serialize(response));
}

export function encodeRejectionResponse(failure: PkiFailureInfo, text: string): Buffer {
  const response = new TimeStampResp({
    status: new PKIStatusInfo({
      status: PkiStatus.rejection,
      statusString: [text],
      failInfo: new BitString(2 ** failure),
    }),
  });
  return Buffer.from(AsnConvert.serialize(response));
}

export function decodeTimestampResponse(der: Buffer): DecodedTimestampResponse {
  assertSingleElement(der);
  const response = AsnConvert.parse(der, TimeStampResp);
  const failureBits = response.status.failInfo?.toNumber() ?? 0;
  return {
    status: response.status.status,
    statusText: response.status.statusString ?? [],
    failures: Object.values(PkiFailureInfo).filter(
      (bit): bit is PkiFailureInfo => typeof bit === 'number' && (failureBits & (2 ** bit)) !== 0,
    ),
    token: response.timeStampToken ? Buffer.from(response.timeStampToken) : undefined,
  };
}

export function toMessageImprint(imprint: TimestampImprint): MessageImprint {
  return new MessageImprint({
    // NULL parameters, as openssl and most TSAs send them; RFC 5754 §2 makes both forms acceptable.
    hashAlgorithm: new AlgorithmIdentifier({ algorithm: imprint.hashAlgorithmOid, parameters: null }),
    hashedMessage: Uint8Array.from(imprint.hashedMessage).buffer,
  });
}

/**
 * The parser stops after the first element, so trailing bytes would go unnoticed: check that the
 * outer definite length covers the whole buffer (X.690 §8.1.3). RFC 3161 §3.4 asks for DER, but
 * Bouncy Castle based peers send BER with indefinite lengths, which the parser delimits itself.
 */
function assertSingleElement(encoded: Buffer): void {
  const firstLengthOctet = encoded[1];
  if (encoded[0] !== 0x30 || firstLengthOctet === undefined) {
    throw new Error('not a SEQUENCE');
  }
  const INDEFINITE_LENGTH = 0x80;
  if (firstLengthOctet === INDEFINITE_LENGTH) return;
  let contentLength = firstLengthOctet;
  let headerLength = 2;
  if (firstLengthOctet & 0x80) {
    const lengthOctets = firstLengthOctet & 0x7f;
    if (lengthOctets > 4 || encoded.length < 2 + lengthOctets) {
      throw new Error('unsupported length encoding');
    }
    contentLength = encoded.readUIntBE(2, lengthOctets);
    headerLength += lengthOctets;
  }
  if (headerLength + contentLength !== encoded.length) {
    throw new Error('length does not match the data');
  }
}
