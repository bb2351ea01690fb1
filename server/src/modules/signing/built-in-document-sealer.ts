import { Inject, Injectable, Logger } from '@nestjs/common';
import { SEAL_MATERIAL } from '../pki/pki.module';
import {
  type SealMaterial,
  x509,
  blockPlacement,
  type BoxPlacement,
  type VisibleBlock,
} from '@esign/pdf-signing';
import { type DocumentSealer, type SealInput } from './document-sealer';
import {
  AUDIT_ATTACHMENT_NAME,
  auditAttachmentDescription,
  auditAttachmentJson,
  buildAuditDocument,
} from './pdf-work/audit-report';
import type { SealTask } from './pdf-work/signing-task';
import { signatureBlockLines, signatureBlockTexts } from './pdf-work/signing-texts';
import { SigningWorkers } from './pdf-work/signing-workers';
import { buildSealStamp } from './seal-stamp';

/**
 * The final document, made in a signing worker from texts and a stamp prepared here: the evidence
 * update, the chamber's seal, the validation data and a document time-stamp (PAdES B-LTA).
 */
@Injectable()
export class BuiltInDocumentSealer implements DocumentSealer {
  private readonly logger = new Logger('DocumentSealer');
  /** The seal certificate's organisation: the stamp says who seals, as the certificate does. */
  private readonly chamberName: string;

  constructor(
    private readonly workers: SigningWorkers,
    @Inject(SEAL_MATERIAL) material: SealMaterial,
  ) {
    this.chamberName = organisationOf(material.seal.certificateDer);
  }

  async seal(input: SealInput): Promise<Buffer> {
    const texts = signatureBlockTexts(input.language);
    const placements = placementsOf(input);
    const result = await this.workers.run({
      kind: 'seal',
      pdf: input.source,
      audit: buildAuditDocument(input),
      attachment: {
        fileName: AUDIT_ATTACHMENT_NAME,
        description: auditAttachmentDescription(input.language),
        json: auditAttachmentJson(input),
        createdAt: input.sealedAt,
      },
      simpleBlocks: input.signingMode === 'SIMPLE' ? simpleBlocks(input, placements) : [],
      signatureSize: input.signatureSize,
      seal: {
        page: input.sealPage,
        size: input.sealSize,
        stamp: await buildSealStamp({
          chamberName: this.chamberName,
          caption: texts.electronicSeal,
          logoPng: input.ownerLogoPng,
        }),
        name: this.chamberName,
        reason: texts.electronicSeal,
        signingTime: input.sealedAt,
        ...sealSurroundings(input, placements),
      },
    });
    for (const note of result.notes) this.logger.warn({ requestId: input.requestId }, note);
    const sealed = Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength);
    if (!sealed.subarray(0, input.source.length).equals(input.source)) {
      throw new Error('the sealed document does not start with the signed revision');
    }
    return sealed;
  }
}

/**
 * What the seal's stamp must leave alone, and where it goes on a generated document: the signatories'
 * blocks, the document's frames and boxes, and its own area.
 */
export function sealSurroundings(
  input: Pick<SealInput, 'layout' | 'signatories'>,
  placements = placementsOf(input),
): Pick<SealTask['seal'], 'avoid' | 'area' | 'keepClear'> {
  const avoid = [...placements.values()];
  if (!input.layout) return { avoid };
  return { avoid, area: input.layout.seal, keepClear: [...input.layout.frames, ...input.layout.boxes] };
}

/** Each signatory's block: a party's in its frame, an extra's in its corner, ranked among the extras. */
function placementsOf(input: Pick<SealInput, 'signatories'>): Map<string, BoxPlacement> {
  return new Map(input.signatories.map((s) => [s.id, blockPlacement(s, input.signatories)]));
}

function simpleBlocks(input: SealInput, placements: Map<string, BoxPlacement>): VisibleBlock[] {
  return input.signatories.flatMap((signatory) => {
    const placement = placements.get(signatory.id);
    return placement
      ? [{ placement, lines: signatureBlockLines(signatory, input.language, signatory.role) }]
      : [];
  });
}

function organisationOf(certificateDer: Buffer): string {
  const subject = new x509.X509Certificate(Uint8Array.from(certificateDer)).subjectName;
  return subject.getField('O')[0] ?? subject.getField('CN')[0] ?? 'Chambre immobilière';
}
