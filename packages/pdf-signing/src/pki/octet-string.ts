import { AsnAnyConverter, AsnConstructedOctetStringConverter } from '@peculiar/asn1-schema';

type Asn1OctetString = Parameters<typeof AsnConstructedOctetStringConverter.fromASN>[0];

/**
 * The content of an encoded OCTET STRING, also in the constructed BER form (X.690 §8.7.3) that
 * Windows-made PKCS#12 files and BER-encoding TSAs (Bouncy Castle based ones) send.
 */
export function octetStringContent(encoded: ArrayBuffer | Uint8Array): Buffer {
  const bytes = encoded instanceof Uint8Array ? Uint8Array.from(encoded).buffer : encoded;
  // The converters work on the parser's own block objects, hence the cast from its generic block type.
  const element = AsnAnyConverter.toASN(bytes) as unknown as Asn1OctetString;
  if (element.idBlock.tagClass !== 1 || element.idBlock.tagNumber !== 4) {
    throw new Error('expected an OCTET STRING');
  }
  return Buffer.from(AsnConstructedOctetStringConverter.fromASN(element).buffer);
}
