import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The built server's modules (`npm run build`), loaded as the worker threads load them. */
const require = createRequire(import.meta.url);
export const serverDist = new URL('../../server/dist/', import.meta.url).pathname;
export const load = (path) => require(join(serverDist, path));
