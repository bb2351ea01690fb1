import { Global, Module } from '@nestjs/common';
import { REQUEST_CLOSING } from '../signatures/request-closing.port';
import { OneTimeCodeStore } from './one-time-code-store';

/**
 * The signatories' codes as the other modules may change them. Global, like the requests' records, because
 * the signatures module closes a request's codes (through its RequestClosing port) while the signing module
 * imports signatures.
 */
@Global()
@Module({
  providers: [OneTimeCodeStore, { provide: REQUEST_CLOSING, useExisting: OneTimeCodeStore }],
  exports: [OneTimeCodeStore, REQUEST_CLOSING],
})
export class CodeRecordsModule {}
