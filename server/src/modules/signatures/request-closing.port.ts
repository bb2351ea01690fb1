import { type EntityManager } from 'typeorm';

/**
 * What the signatures module tells the signing side when a request closes for good without being signed
 * (expired, declined): in the closing transaction, so that nothing issued for it can be used afterwards. The
 * signing module owns the codes and answers; the signatures module never touches them itself.
 */
export interface RequestClosing {
  closed(manager: EntityManager, requestId: string): Promise<void>;
}

export const REQUEST_CLOSING = Symbol('REQUEST_CLOSING');
