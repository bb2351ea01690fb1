import { addDocumentTimestamp } from '../../pades/document-timestamp';
import { assertStartsWith } from '../../pades/incremental-update';
import { signPdf } from '../../pades/sign-pdf';
import { addValidationData } from '../../pades/validation-data';
import { writeEvidenceUpdate } from './evidence-update';
import type { SealResult, SealTask } from './signing-task';
import { collectValidationData } from './validation-material';
import type { WorkerPki } from './worker-pki';

/**
 * The final document, in four incremental updates, each checked to start with the bytes before it:
 * the evidence (audit pages, event log, SIMPLE blocks), the chamber's seal with its stamp and a signature
 * time-stamp (B-T), the validation data of every signature and time-stamp (B-LT), and a document
 * time-stamp over all of it (B-LTA).
 */
export async function sealDocument(task: SealTask, pki: WorkerPki): Promise<SealResult> {
  const source = Buffer.from(task.pdf.buffer, task.pdf.byteOffset, task.pdf.byteLength);
  const evidence = await writeEvidenceUpdate(source, task);
  const notes = evidence.missingCharacters
    ? [`characters no embedded font has, drawn as empty boxes: ${evidence.missingCharacters}`]
    : [];
  const sealed = await signPdf(evidence.pdf, {
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
  assertStartsWith(sealed, evidence.pdf);
  const validation = await collectValidationData(sealed, pki.crlSources);
  const withValidationData = await addValidationData(sealed, validation.data);
  assertStartsWith(withValidationData, sealed);
  const final = await addDocumentTimestamp(withValidationData, pki.timestampAuthority);
  assertStartsWith(final, withValidationData);
  return { pdf: final, notes: [...notes, ...validation.notes] };
}
