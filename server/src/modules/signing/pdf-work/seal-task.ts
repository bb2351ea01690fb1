import {
  timestampRevision,
  assertStartsWith,
  readRevision,
  revisionBytes,
  signRevision,
  addValidationDataTo,
  writeEvidenceUpdate,
  collectValidationData,
  signaturesOf,
} from '@esign/pdf-signing';
import type { SealResult, SealTask } from './signing-task';
import type { WorkerPki } from './worker-pki';

/**
 * The final document, in four incremental updates made on one revision chain in memory: the file is parsed
 * once, each update's objects are read back into that parse, each signature hashes only what was appended
 * since the previous one, and the bytes are put together once, at the end (then checked to start with the
 * source's): the evidence (audit pages, event log, SIMPLE blocks), the chamber's seal with its stamp and a
 * signature time-stamp (B-T), the validation data of every signature and time-stamp (B-LT), and a document
 * time-stamp over all of it (B-LTA).
 */
export async function sealDocument(task: SealTask, pki: WorkerPki): Promise<SealResult> {
  const source = Buffer.from(task.pdf.buffer, task.pdf.byteOffset, task.pdf.byteLength);
  const revision = await readRevision(source);
  // The signatures already in the document, read before the updates add theirs.
  const signatures = signaturesOf(revision);
  const evidence = writeEvidenceUpdate(revision, task);
  const notes = evidence.missingCharacters
    ? [`characters no embedded font has, drawn as empty boxes: ${evidence.missingCharacters}`]
    : [];
  const sealed = await signRevision(evidence.revision, {
    signer: pki.seal,
    timestampAuthority: pki.timestampAuthority,
    name: task.seal.name,
    reason: task.seal.reason,
    signingTime: task.seal.signingTime,
    appearance: {
      pageIndex: evidence.seal.pageIndex,
      rect: evidence.seal.rect,
      lines: [],
      image: Buffer.from(task.seal.stamp.buffer, task.seal.stamp.byteOffset, task.seal.stamp.byteLength),
      border: false,
    },
  });
  const validation = await collectValidationData([...signatures, sealed.cms], pki.crlSources);
  const withValidationData = addValidationDataTo(sealed.revision, validation.data);
  const final = revisionBytes(await timestampRevision(withValidationData, pki.timestampAuthority));
  assertStartsWith(final, source);
  return { pdf: final, notes: [...notes, ...validation.notes] };
}
