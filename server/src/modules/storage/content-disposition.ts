import { safeDownloadName } from '@esign/shared';

/**
 * `Content-Disposition: attachment` for a name chosen by a user (security T7): RFC 6266 with an
 * ASCII `filename` for old clients and an RFC 5987 `filename*` carrying the UTF-8 name.
 */
export function attachmentContentDisposition(downloadName: string, contentType: string): string {
  const name = safeDownloadName(downloadName, contentType);
  return `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

function asciiFallback(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
