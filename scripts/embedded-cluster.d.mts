/** The folder of an initialised, empty PGlite cluster kept in the temporary folder (built on first use). */
export function emptyEmbeddedCluster(): Promise<string>;
/** Puts a copy of the empty cluster at `directory` (the product's embedded database folder). */
export function copyEmptyEmbeddedCluster(directory: string): Promise<void>;
