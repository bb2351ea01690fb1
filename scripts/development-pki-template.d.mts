/** Puts the kept development PKI in `dataDir`'s `pki` folder; false when none is kept yet. */
export function copyDevelopmentPki(dataDir: string): boolean;
/** Keeps the development PKI a product made in `dataDir` for the next starts. */
export function keepDevelopmentPki(dataDir: string): void;
