/** Longest download name kept, in code points: browsers and file systems cut longer names unpredictably. */
const MAX_NAME_LENGTH = 150;
const MAX_EXTENSION_LENGTH = 10;

// A served file always ends with the extension of its real type, so `invoice\u202Efdp.exe`
// sent as a PDF is saved as `invoicefdp.exe.pdf` and opens in a PDF reader, not as a program.
const EXTENSION_BY_CONTENT_TYPE: Readonly<Record<string, string>> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'text/csv': '.csv',
  'application/zip': '.zip',
  'application/json': '.json',
};

/**
 * The name a browser may save the file under (security T7): no control, bidi or invisible characters, no
 * path, no character a file system refuses, never a leading dot, at most 150 code points, and the extension
 * of the file's real type. One policy for the server's `Content-Disposition` and both front ends' downloads.
 */
export function safeDownloadName(downloadName: string, contentType: string): string {
  const cleaned = downloadName
    .normalize('NFC')
    // \p{C} covers control and format characters (CR, LF, bidi overrides, zero-width) and lone surrogates.
    .replace(/[\p{C}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[\\/:*?"<>|]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  const extension = EXTENSION_BY_CONTENT_TYPE[contentType.toLowerCase()] ?? '';
  const stem = cleaned === '' ? 'document' : cleaned;
  const withExtension = stem.toLowerCase().endsWith(extension) ? stem : stem + extension;
  return truncateKeepingExtension(withExtension, MAX_NAME_LENGTH);
}

function truncateKeepingExtension(name: string, maxLength: number): string {
  const characters = Array.from(name);
  if (characters.length <= maxLength) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= MAX_EXTENSION_LENGTH ? name.slice(dot) : '';
  const kept = characters.slice(0, maxLength - Array.from(extension).length).join('');
  return kept.trimEnd() + extension;
}
