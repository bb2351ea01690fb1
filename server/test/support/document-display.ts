import { createHash } from 'node:crypto';
import { PDFDocument } from '@cantoo/pdf-lib';

/**
 * What the signing page does once its viewer painted the document: reports the display of exactly the bytes
 * the link received (their SHA-256 and page count), which a code request then requires.
 */
export async function reportDisplay(
  baseUrl: string,
  requestId: string,
  key: string,
  bytes: Uint8Array,
): Promise<void> {
  const pageCount = (
    await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })
  ).getPageCount();
  const response = await fetch(
    `${baseUrl}/api/signatures/${requestId}/viewed?key=${encodeURIComponent(key)}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        documentSha256: createHash('sha256').update(bytes).digest('hex'),
        pageCount,
        renderedAt: new Date().toISOString(),
      }),
    },
  );
  if (!response.ok) throw new Error(`display refused: ${response.status} ${await response.text()}`);
}
