/** Errors shared by every ObjectStorage adapter, so callers can map them without knowing the backend. */

export class InvalidObjectKeyError extends Error {
  constructor(key: string) {
    super(`Invalid object key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidObjectKeyError';
  }
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No object stored under ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

export class ObjectTooLargeError extends Error {
  constructor(
    readonly key: string,
    readonly maxBytes: number,
  ) {
    super(`The object ${key} is larger than ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}

export type FileUrlRejection = 'malformed' | 'operation' | 'signature' | 'expired';

/** A signed file URL that must not be honoured; `reason` is for logs and tests, never for the client. */
export class FileUrlRejectedError extends Error {
  constructor(readonly reason: FileUrlRejection) {
    super(`File URL rejected: ${reason}`);
    this.name = 'FileUrlRejectedError';
  }
}

/** A signed upload URL whose one use is spent: bytes were already received through it. */
export class UploadUrlUsedError extends Error {
  constructor(readonly key: string) {
    super(`The upload URL of ${key} has already been used`);
    this.name = 'UploadUrlUsedError';
  }
}
