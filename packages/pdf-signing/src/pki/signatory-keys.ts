import { RSA_SIGNING_ALGORITHM, webCrypto } from './signing-keys';

/**
 * The key of an ADVANCED signatory's one-use certificate. `ecdsa-p256`: an ECDSA key on NIST P-256 with
 * SHA-256 (about a millisecond to make; PAdES, poppler/NSS, OpenSSL, EU DSS and Adobe Acrobat validate it).
 * `rsa-3072`: RSA PKCS#1 v1.5 with SHA-256, for relying parties whose software predates ECDSA (hundreds of
 * milliseconds to make, so it may be made ahead: see SignatoryKeySource).
 */
export const SIGNATORY_KEY_TYPES = ['ecdsa-p256', 'rsa-3072'] as const;
export type SignatoryKeyType = (typeof SIGNATORY_KEY_TYPES)[number];

export interface SignatoryKeySettings {
  type: SignatoryKeyType;
  /** Keys made ahead, each used for one signature only; 0 makes each key when its signature is asked for. */
  ahead: number;
}

export const DEFAULT_SIGNATORY_KEYS: SignatoryKeySettings = { type: 'ecdsa-p256', ahead: 0 };

/** Keys made ahead are dropped unused after this long, so no private key waits in memory for days. */
const KEY_MAX_AGE_MS = 15 * 60 * 1000;

/** A new key pair whose private key can sign but never be exported. */
export function generateSignatoryKeyPair(type: SignatoryKeyType): Promise<CryptoKeyPair> {
  switch (type) {
    case 'ecdsa-p256':
      return webCrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
    case 'rsa-3072':
      return webCrypto.subtle.generateKey(
        { ...RSA_SIGNING_ALGORITHM, modulusLength: 3072, publicExponent: new Uint8Array([1, 0, 1]) },
        false,
        ['sign', 'verify'],
      );
  }
}

interface ReadyKey {
  keys: CryptoKeyPair;
  madeAt: number;
}

/**
 * Where a signing worker takes signatory keys from: each key is handed out once and forgotten here at that
 * moment, so it signs one certificate's signature and nothing else. With `ahead` > 0, up to that many keys
 * are made in advance (off the worker's JavaScript thread: WebCrypto generates them on libuv's pool) and
 * replaced as they are taken; a key left unused past its age is dropped. When none is ready, one is made on
 * the spot. Keys live only in the worker thread that made them.
 */
export class SignatoryKeySource {
  private readonly ready: ReadyKey[] = [];
  private making = 0;

  constructor(
    readonly settings: SignatoryKeySettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** A key pair no one else has had or will have. */
  async take(): Promise<CryptoKeyPair> {
    this.dropStale();
    const ready = this.ready.shift();
    this.fill();
    return ready ? ready.keys : generateSignatoryKeyPair(this.settings.type);
  }

  /** Starts making keys until `ahead` are ready or on their way. */
  fill(): void {
    while (this.ready.length + this.making < this.settings.ahead) {
      this.making += 1;
      void generateSignatoryKeyPair(this.settings.type)
        .then((keys) => {
          if (this.ready.length < this.settings.ahead) this.ready.push({ keys, madeAt: this.now() });
        })
        .catch(() => undefined)
        .finally(() => {
          this.making -= 1;
        });
    }
  }

  /** Keys ready now (for tests and logs). */
  get readyCount(): number {
    this.dropStale();
    return this.ready.length;
  }

  private dropStale(): void {
    const oldest = this.now() - KEY_MAX_AGE_MS;
    while (this.ready[0] && this.ready[0].madeAt < oldest) this.ready.shift();
  }
}
