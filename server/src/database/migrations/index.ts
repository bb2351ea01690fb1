import { Foundation1763884800000 } from './1763884800000-Foundation';

/** Every migration, in order. Listed by hand so the compiled bundle needs no file globbing. */
export const MIGRATIONS = [Foundation1763884800000];
