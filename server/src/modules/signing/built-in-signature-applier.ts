import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { ErrorCode } from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage.port';
import { signatureBlockLines, signatureBlockTexts } from './pdf-work/signing-texts';
import { SigningWorkers } from './pdf-work/signing-workers';
import {
  type AdvancedSignatureInput,
  type AdvancedSignatureResult,
  type SignatureApplier,
} from './signature-applier';

export function revisionKey(requestId: string, revision: number): string {
  return `documents/${requestId}/rev-${revision}.pdf`;
}

/**
 * ADVANCED signatures with the built-in CA: the current revision is read here and handed to a signing
 * worker, which issues the signatory's certificate and key, signs and drops the key; the new revision
 * is stored under the request. Called inside the transaction holding the request's row lock, so the
 * signatures of one document are applied one at a time.
 */
@Injectable()
export class BuiltInSignatureApplier implements SignatureApplier {
  private readonly logger = new Logger('SignatureApplier');

  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly workers: SigningWorkers,
  ) {}

  async applyAdvancedSignature(input: AdvancedSignatureInput): Promise<AdvancedSignatureResult> {
    if (!this.workers.canSignAdvanced) {
      this.logger.error(
        { requestId: input.requestId },
        'ADVANCED signature refused: set SIGNATORY_CA_P12_PATH and SIGNATORY_CA_P12_PASSWORD (the CA of signatory certificates)',
      );
      throw new AppException(ErrorCode.SERVICE_UNAVAILABLE);
    }
    const current = await this.storage.get(input.currentDocumentKey);
    // Hashing is not parsing: a few milliseconds per megabyte, and it proves the stored bytes are the ones signed so far.
    if (sha256(current) !== input.currentDocumentSha256) {
      throw new Error(`the stored revision of request ${input.requestId} does not match its recorded hash`);
    }
    const texts = signatureBlockTexts(input.language);
    const result = await this.workers.run({
      kind: 'advanced-sign',
      pdf: current,
      signatoryName: input.signatory.name,
      signatureSize: input.signatureSize,
      block: {
        placement: input.signatory.placement,
        lines: signatureBlockLines(
          { name: input.signatory.name, signedAt: input.signingTime, location: input.location },
          input.language,
          input.signatory.role,
        ),
      },
      reason: texts.advancedReason,
      location: input.location,
      signingTime: input.signingTime,
    });
    const signed = Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength);
    if (signed.length <= current.length || !signed.subarray(0, current.length).equals(current)) {
      throw new Error('the signed revision does not start with the previous one');
    }
    if (result.missingCharacters) {
      this.logger.warn({ requestId: input.requestId }, 'Signature block drawn with missing characters');
    }
    const key = revisionKey(input.requestId, input.nextRevision);
    await this.storage.put(key, signed, 'application/pdf');
    return {
      revisionKey: key,
      revisionSha256: sha256(signed),
      certificateSerial: result.certificateSerial,
      certificateFingerprint: result.certificateFingerprint,
    };
  }
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
