import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_ALPHABET, OTP_LENGTH } from '@esign/shared';

/** What a code is bound to: it proves possession of this phone, for this signatory, on this document. */
export interface CodeBinding {
  requestId: string;
  signatoryId: string;
  phone: string;
  documentSha256: string;
}

const PURPOSE = 'sign-document';

/** 8 characters drawn uniformly from Crockford's base 32 with the CSPRNG: 40 bits. */
export function generateOneTimeCode(): string {
  let code = '';
  for (let index = 0; index < OTP_LENGTH; index += 1) code += OTP_ALPHABET[randomInt(OTP_ALPHABET.length)];
  return code;
}

/** The only form in which a code is stored. Length-prefixed fields, so no two bindings collide. */
export function oneTimeCodeMac(secret: Buffer, code: string, binding: CodeBinding): Buffer {
  const mac = createHmac('sha256', secret);
  for (const field of [
    PURPOSE,
    code,
    binding.requestId,
    binding.signatoryId,
    binding.phone,
    binding.documentSha256,
  ]) {
    const bytes = Buffer.from(field, 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    mac.update(length).update(bytes);
  }
  return mac.digest();
}

export function oneTimeCodeMatches(
  secret: Buffer,
  presented: string,
  binding: CodeBinding,
  stored: Buffer,
): boolean {
  const expected = oneTimeCodeMac(secret, presented, binding);
  return expected.length === stored.length && timingSafeEqual(expected, stored);
}
