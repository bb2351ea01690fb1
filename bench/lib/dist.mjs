// @ts-check
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The built server's modules (`npm run build`), loaded as the worker threads load them. */
const require = createRequire(import.meta.url);
export const serverDist = new URL('../../server/dist/', import.meta.url).pathname;
export const load = (/** @type {string} */ path) => require(join(serverDist, path));
/** The built PDF engine (`packages/pdf-signing`), through its one entry point, as the server uses it. */
export const engine = () => require('@esign/pdf-signing');

/** The signatory keys the bench's product uses: the default, or SIGNATORY_KEY_TYPE / SIGNATORY_KEYS_AHEAD. */
export const SIGNATORY_KEYS = {
  type: process.env.SIGNATORY_KEY_TYPE || 'ecdsa-p256',
  ahead: Number(process.env.SIGNATORY_KEYS_AHEAD || 0),
};
