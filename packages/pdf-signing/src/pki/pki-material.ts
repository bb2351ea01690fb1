/** A certificate with its private key and the certificates that issued it. */
export interface SigningIdentity {
  certificatePem: string;
  certificateDer: Buffer;
  /**
   * Issuer certificates, closest issuer first, ending with the root when it is known. Empty for a
   * self-signed certificate. CMS signatures and the PDF's DSS carry these so validators can build the path.
   */
  chainDer: Buffer[];
  /** Not extractable: it can sign, never be exported or logged. */
  privateKey: CryptoKey;
}

/** What the sealing code needs, whichever way the key was provisioned. */
export interface SealMaterial {
  seal: SigningIdentity;
  /** PEM of the root certificate(s) a relying party must trust to validate the seal. */
  trustBundlePem(): string;
}

/** Everything the embedded (development) PKI provides. */
export interface PkiMaterial extends SealMaterial {
  /** Directory the material was loaded from. */
  directory: string;
  /** The development root CA; its key also issues short-lived signatory certificates and CRLs. */
  certificateAuthority: SigningIdentity;
  /** The key and certificate of the built-in RFC 3161 time-stamp authority. */
  timestamping: SigningIdentity;
}

/** PKI material is missing, unreadable or inconsistent. The message names the file, never a secret. */
export class PkiMaterialError extends Error {
  constructor(
    message: string,
    readonly filePath?: string,
  ) {
    super(message);
    this.name = 'PkiMaterialError';
  }
}
