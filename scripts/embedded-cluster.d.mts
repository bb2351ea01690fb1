/** Puts a copy of the empty cluster at `directory` (the product's embedded database folder). */
export function copyEmptyEmbeddedCluster(directory: string): Promise<void>;
