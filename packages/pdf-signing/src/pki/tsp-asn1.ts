import { AsnIntegerArrayBufferConverter, AsnProp, AsnPropTypes, BitString } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier, Extension, GeneralName } from '@peculiar/asn1-x509';

/** ASN.1 structures of RFC 3161 (Time-Stamp Protocol), §2.4.1 and §2.4.2. */

export class MessageImprint {
  @AsnProp({ type: AlgorithmIdentifier })
  hashAlgorithm = new AlgorithmIdentifier();

  @AsnProp({ type: AsnPropTypes.OctetString })
  hashedMessage = new ArrayBuffer(0);

  constructor(params: Partial<MessageImprint> = {}) {
    Object.assign(this, params);
  }
}

export class TimeStampReq {
  @AsnProp({ type: AsnPropTypes.Integer })
  version = 1;

  @AsnProp({ type: MessageImprint })
  messageImprint = new MessageImprint();

  @AsnProp({ type: AsnPropTypes.ObjectIdentifier, optional: true })
  reqPolicy?: string;

  /** Kept as raw INTEGER octets so it is echoed byte for byte, whatever its size. */
  @AsnProp({ type: AsnPropTypes.Integer, converter: AsnIntegerArrayBufferConverter, optional: true })
  nonce?: ArrayBuffer;

  @AsnProp({ type: AsnPropTypes.Boolean, defaultValue: false })
  certReq = false;

  @AsnProp({ type: Extension, context: 0, implicit: true, repeated: 'sequence', optional: true })
  extensions?: Extension[];

  constructor(params: Partial<TimeStampReq> = {}) {
    Object.assign(this, params);
  }
}

export class PKIStatusInfo {
  @AsnProp({ type: AsnPropTypes.Integer })
  status = 0;

  @AsnProp({ type: AsnPropTypes.Utf8String, repeated: 'sequence', optional: true })
  statusString?: string[];

  @AsnProp({ type: BitString, optional: true })
  failInfo?: BitString;

  constructor(params: Partial<PKIStatusInfo> = {}) {
    Object.assign(this, params);
  }
}

export class TimeStampResp {
  @AsnProp({ type: PKIStatusInfo })
  status = new PKIStatusInfo();

  /** The DER TimeStampToken (a CMS ContentInfo), kept as bytes: it is handed on untouched. */
  @AsnProp({ type: AsnPropTypes.Any, optional: true })
  timeStampToken?: ArrayBuffer;

  constructor(params: Partial<TimeStampResp> = {}) {
    Object.assign(this, params);
  }
}

export class Accuracy {
  @AsnProp({ type: AsnPropTypes.Integer, optional: true })
  seconds?: number;

  @AsnProp({ type: AsnPropTypes.Integer, context: 0, implicit: true, optional: true })
  millis?: number;

  @AsnProp({ type: AsnPropTypes.Integer, context: 1, implicit: true, optional: true })
  micros?: number;

  constructor(params: Partial<Accuracy> = {}) {
    Object.assign(this, params);
  }
}

export class TSTInfo {
  @AsnProp({ type: AsnPropTypes.Integer })
  version = 1;

  @AsnProp({ type: AsnPropTypes.ObjectIdentifier })
  policy = '';

  @AsnProp({ type: MessageImprint })
  messageImprint = new MessageImprint();

  @AsnProp({ type: AsnPropTypes.Integer, converter: AsnIntegerArrayBufferConverter })
  serialNumber = new ArrayBuffer(0);

  @AsnProp({ type: AsnPropTypes.GeneralizedTime })
  genTime = new Date();

  @AsnProp({ type: Accuracy, optional: true })
  accuracy?: Accuracy;

  @AsnProp({ type: AsnPropTypes.Boolean, defaultValue: false })
  ordering = false;

  @AsnProp({ type: AsnPropTypes.Integer, converter: AsnIntegerArrayBufferConverter, optional: true })
  nonce?: ArrayBuffer;

  /** [0] is explicit because GeneralName is a CHOICE (X.680 §31.2.7). */
  @AsnProp({ type: GeneralName, context: 0, optional: true })
  tsa?: GeneralName;

  @AsnProp({ type: Extension, context: 1, implicit: true, repeated: 'sequence', optional: true })
  extensions?: Extension[];

  constructor(params: Partial<TSTInfo> = {}) {
    Object.assign(this, params);
  }
}
