/**
 * class-transformer transforms for free text. Names, titles and places are kept as typed, in one Unicode
 * form (NFC), without control characters that could forge lines in e-mails, SMS or logs.
 */
export const cleanText = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string'
    ? value
        .normalize('NFC')
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u001f\u007f]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : value;

export const lowerCaseTrimmed = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;
