import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DocumentRecords } from './document-records';

/**
 * How long a completion's claim on an upload lasts unless renewed: the PDF sandbox's time limit per file
 * (10 s) and a margin for reading the upload and storing the checked file. A completion renews it while it
 * works (waiting for a sandbox slot included), so a claim runs out only this long after the process holding
 * it stopped (killed, out of memory, the machine lost): the next completion then takes the upload over, and
 * with it the upload's place in the member's quota, which would otherwise stay taken until the stale-upload
 * sweep.
 */
export const UPLOAD_CLAIM_LEASE_SECONDS = 30;
const RENEW_EVERY_MS = (UPLOAD_CLAIM_LEASE_SECONDS * 1000) / 3;

/** One completion's hold on an upload; every write the completion makes requires it still holds it. */
export interface UploadClaim {
  readonly documentId: string;
  /** Names the holder in `document.upload_claim`: a completion whose claim was taken over writes nothing. */
  readonly token: string;
}

/** A completion found its claim taken over (its lease ran out): it leaves the upload to the new holder. */
export class UploadClaimLost extends Error {
  constructor() {
    super('The upload was taken over by another completion');
  }
}

/** The claims completions take on uploads, as leases kept on their `document` rows (see DocumentRecords). */
@Injectable()
export class UploadClaims {
  private readonly logger = new Logger('Uploads');

  constructor(private readonly records: DocumentRecords) {}

  /**
   * Takes an upload for one completion: one never taken, or one whose holder's lease ran out. Null while a
   * live completion holds it, or once a completion refused its file (the upload is spent).
   */
  async take(documentId: string): Promise<UploadClaim | null> {
    const token = randomUUID();
    const taken = await this.records.claimUpload(documentId, token, UPLOAD_CLAIM_LEASE_SECONDS);
    return taken ? { documentId, token } : null;
  }

  /** Runs `work` holding `claim`, its lease renewed until `work` has ended. */
  async hold<T>(claim: UploadClaim, work: () => Promise<T>): Promise<T> {
    const timer = setInterval(() => void this.renew(claim), RENEW_EVERY_MS);
    timer.unref();
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  }

  private async renew(claim: UploadClaim): Promise<void> {
    try {
      await this.records.renewClaim(claim, UPLOAD_CLAIM_LEASE_SECONDS);
    } catch (error) {
      // The next renewal may succeed; the completion's own writes tell whether the claim was kept.
      this.logger.warn({ err: error, documentId: claim.documentId }, 'Could not renew an upload claim');
    }
  }
}
