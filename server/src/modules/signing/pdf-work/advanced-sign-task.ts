import {
  readRevision,
  revisionBytes,
  signRevision,
  issueSignatoryCertificate,
  placeSignature,
} from '@esign/pdf-signing';
import type { AdvancedSignResult, AdvancedSignTask } from './signing-task';
import type { WorkerPki } from './worker-pki';

/** One certificate for one signature: long enough for the time-stamp round trip, useless afterwards. */
const CERTIFICATE_VALIDITY_MINUTES = 15;
/** RFC 5280 ub-common-name: longer names are cut in the certificate; /Name and the audit page keep them whole. */
const COMMON_NAME_MAX = 64;

/** Raised when ADVANCED signing is asked of a worker without a CA for signatory certificates. */
export class NoSignatoryCaError extends Error {
  override name = 'NoSignatoryCaError';
}

/**
 * An ADVANCED signature (eIDAS art. 26): a key pair of this worker's key source (made now, or made ahead
 * and handed out once), a short-lived certificate issued to this signatory under the signatory CA, a PAdES
 * B-T incremental update with the visible block in the signatory's corner. The private key is a
 * non-extractable CryptoKey created in this signing process: it cannot be exported, is never sent to the
 * API or stored, and nothing refers to it once this function returns, so it is garbage as soon as the task
 * ends (and gone with the process, at the latest).
 */
export async function signAsSignatory(task: AdvancedSignTask, pki: WorkerPki): Promise<AdvancedSignResult> {
  if (!pki.signatoryCa) {
    throw new NoSignatoryCaError('no certificate authority for signatory certificates is configured');
  }
  const pdf = Buffer.from(task.pdf.buffer, task.pdf.byteOffset, task.pdf.byteLength);
  // Parsed once: the placement reads the pages the signature is then written into.
  const revision = await readRevision(pdf);
  const { pageIndex, rect } = placeSignature(revision.document, task.block.placement, task.signatureSize);
  const issued = await issueSignatoryCertificate(pki.signatoryCa, {
    commonName: [...task.signatoryName.trim()].slice(0, COMMON_NAME_MAX).join(''),
    validityMinutes: CERTIFICATE_VALIDITY_MINUTES,
    keys: await pki.signatoryKeys.take(),
  });
  const signed = await signRevision(revision, {
    signer: issued.identity,
    timestampAuthority: pki.timestampAuthority,
    name: task.signatoryName,
    reason: task.reason,
    location: task.location,
    signingTime: task.signingTime,
    appearance: { pageIndex, rect, lines: task.block.lines },
  });
  return {
    pdf: revisionBytes(signed.revision),
    certificateSerial: issued.serialHex,
    certificateFingerprint: issued.fingerprintSha256,
    missingCharacters: signed.appearance?.missingCharacters ?? '',
  };
}
