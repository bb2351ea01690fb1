/**
 * What the users module asks about the requests a person made. The signatures module owns those rows and
 * answers; the users module never reads them itself.
 */
export interface StaffRequests {
  /** Whether this person created any request. */
  createdAny(userId: string): Promise<boolean>;
}

export const STAFF_REQUESTS = Symbol('STAFF_REQUESTS');
