import { Injectable } from '@nestjs/common';
import { type DocumentSealer, type SealInput } from './document-sealer';

@Injectable()
export class BuiltInDocumentSealer implements DocumentSealer {
  seal(_input: SealInput): Promise<Buffer> {
    return Promise.reject(new Error('PENDING: PAdES engine'));
  }
}
