export type PemLabel = 'CERTIFICATE' | 'PRIVATE KEY';

const BASE64_BODY = /^[A-Za-z0-9+/]+={0,2}$/;

/** RFC 7468 textual encoding, 64-character lines, LF line endings. */
export function derToPem(der: Uint8Array, label: PemLabel): string {
  const base64 = Buffer.from(der).toString('base64');
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/**
 * Every block with `label` in `text`, decoded. Text outside blocks is ignored because `openssl pkcs12`
 * and many bundles put "Bag Attributes" or subject lines between blocks. Throws on a damaged block.
 */
export function pemBlocksToDer(text: string, label: PemLabel): Buffer[] {
  const pattern = new RegExp(`-----BEGIN ${label}-----([^-]*)-----END ${label}-----`, 'g');
  const blocks: Buffer[] = [];
  for (const match of text.matchAll(pattern)) {
    const body = (match[1] ?? '').replace(/\s+/g, '');
    if (!BASE64_BODY.test(body)) {
      throw new Error(`a ${label} block is not valid base64`);
    }
    blocks.push(Buffer.from(body, 'base64'));
  }
  return blocks;
}

/** The one block with `label` in `text`; throws when there are none or several. */
export function singlePemBlockToDer(text: string, label: PemLabel): Buffer {
  const blocks = pemBlocksToDer(text, label);
  if (blocks.length !== 1) {
    throw new Error(`expected exactly one ${label} block, found ${blocks.length}`);
  }
  return blocks[0] as Buffer;
}
