import { OID } from '../pki/oids';
import type { TimestampAuthority } from '../pki/timestamp-authority';
import { writeEmptyAppearance } from './appearance/appearance-stream';
import { IncrementalUpdate } from './incremental-update';
import { readRevision, revisionBytes, type PdfRevision } from './pdf-revision';
import { addSignatureField } from './signature-field';
import { signatureDictionary, writeSignedUpdate } from './signature-placeholder';

export interface DocumentTimestampOptions {
  /** Default: the first free "SignatureN". */
  fieldName?: string;
  /** Bytes reserved for the token; grown and retried when the authority's token is larger. */
  reservedBytes?: number;
}

const DEFAULT_TOKEN_RESERVATION = 16 * 1024;

/**
 * PAdES B-LTA: an incremental update with a document time-stamp (ETSI EN 319 142-1 §5.4), a
 * /Type /DocTimeStamp signature whose /Contents is an RFC 3161 token over the SHA-256 of the bytes its
 * ByteRange covers: everything before, DSS included. The field is invisible, on the first page.
 */
export async function addDocumentTimestamp(
  pdf: Buffer,
  authority: TimestampAuthority,
  options: DocumentTimestampOptions = {},
): Promise<Buffer> {
  return revisionBytes(await timestampRevision(await readRevision(pdf), authority, options));
}

/** The same document time-stamp on a revision already read (or made by an earlier update in memory). */
export async function timestampRevision(
  revision: PdfRevision,
  authority: TimestampAuthority,
  options: DocumentTimestampOptions = {},
): Promise<PdfRevision> {
  const signed = await writeSignedUpdate(
    {
      build: (reservedBytes) => {
        const update = new IncrementalUpdate(revision);
        const signature = update.add(signatureDictionary('document-timestamp', reservedBytes, {}));
        addSignatureField(update, {
          signature,
          appearance: writeEmptyAppearance(update),
          pageIndex: 0,
          fieldName: options.fieldName,
        });
        return { update, signature };
      },
      sign: (coveredDigest) =>
        authority.timestamp({ hashAlgorithmOid: OID.sha256, hashedMessage: coveredDigest }),
    },
    options.reservedBytes ?? DEFAULT_TOKEN_RESERVATION,
  );
  return signed.revision;
}
