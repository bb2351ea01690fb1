import { createRequire } from 'node:module';

const require = createRequire(new URL('../../server/package.json', import.meta.url));
export default require('pg');
