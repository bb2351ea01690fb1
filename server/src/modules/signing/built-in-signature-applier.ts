import { Injectable } from '@nestjs/common';
import {
  type AdvancedSignatureInput,
  type AdvancedSignatureResult,
  type SignatureApplier,
} from './signature-applier';

@Injectable()
export class BuiltInSignatureApplier implements SignatureApplier {
  applyAdvancedSignature(_input: AdvancedSignatureInput): Promise<AdvancedSignatureResult> {
    return Promise.reject(new Error('PENDING: PAdES engine'));
  }
}
