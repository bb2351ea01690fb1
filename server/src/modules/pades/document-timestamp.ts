import { createHash } from 'node:crypto';
import { OID } from '../pki/oids';
import type { TimestampAuthority } from '../pki/timestamp-authority';
import { writeEmptyAppearance } from './appearance/appearance-stream';
import { IncrementalUpdate } from './incremental-update';
import { readRevision } from './pdf-revision';
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
  const revision = await readRevision(pdf);
  return writeSignedUpdate(
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
      sign: (coveredBytes) =>
        authority.timestamp({
          hashAlgorithmOid: OID.sha256,
          hashedMessage: createHash('sha256').update(coveredBytes).digest(),
        }),
    },
    options.reservedBytes ?? DEFAULT_TOKEN_RESERVATION,
  );
}
