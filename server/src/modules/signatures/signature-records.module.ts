import { Global, Module } from '@nestjs/common';
import { DOCUMENT_USAGE } from '../documents/document-usage.port';
import { STAFF_REQUESTS } from '../users/staff-requests.port';
import { SignatureRequestStore } from './signature-request-store';
import { SignatureStatistics } from './signature-statistics';

/**
 * The requests' rows as the other modules may read and change them. Global, like the audit stream, because
 * the documents module asks it whether a document is in use while the signatures module imports documents.
 */
@Global()
@Module({
  providers: [
    SignatureRequestStore,
    SignatureStatistics,
    { provide: DOCUMENT_USAGE, useExisting: SignatureRequestStore },
    { provide: STAFF_REQUESTS, useExisting: SignatureRequestStore },
  ],
  exports: [SignatureRequestStore, SignatureStatistics, DOCUMENT_USAGE, STAFF_REQUESTS],
})
export class SignatureRecordsModule {}
