import {
  loadDevelopmentPki,
  HttpTimestampAuthority,
  LocalTimestampAuthority,
  type PkiMaterial,
  type SigningIdentity,
  loadProductionPki,
  SignatoryKeySource,
  type TimestampAuthority,
  type CrlSources,
} from '@esign/pdf-signing';
import { loadSignatoryCa } from './signatory-ca';
import type { WorkerPkiDescriptor } from './signing-task';

/** The keys and services a signing worker uses, loaded inside the worker from the descriptor's files. */
export interface WorkerPki {
  seal: SigningIdentity;
  timestampAuthority: TimestampAuthority;
  /** Absent when no CA for signatory certificates is configured: ADVANCED signing is then refused. */
  signatoryCa?: SigningIdentity;
  /** Where signatory keys come from: each key is handed out once (see SignatoryKeySource). */
  signatoryKeys: SignatoryKeySource;
  crlSources: CrlSources;
}

let loaded: { key: string; pki: Promise<WorkerPki> } | undefined;

/** Loaded once per signing process: a process kept for several tasks opens the files once. */
export function workerPki(descriptor: WorkerPkiDescriptor): Promise<WorkerPki> {
  const key = JSON.stringify(descriptor);
  if (loaded?.key !== key) loaded = { key, pki: loadWorkerPki(descriptor) };
  return loaded.pki;
}

async function loadWorkerPki(descriptor: WorkerPkiDescriptor): Promise<WorkerPki> {
  const developmentDirectory =
    descriptor.seal.kind === 'development'
      ? descriptor.seal.directory
      : descriptor.signatoryCa.kind === 'development'
        ? descriptor.signatoryCa.directory
        : undefined;
  const development = developmentDirectory ? await loadDevelopmentPki(developmentDirectory) : undefined;
  const seal = await sealIdentity(descriptor, development);
  const signatoryCa = await signatoryAuthority(descriptor, development);
  const timestampAuthority = timestamping(descriptor, development);
  const localTsa = development && !descriptor.timestampAuthorityUrl ? [development.timestamping] : [];
  const issuers = unique([development?.certificateAuthority, signatoryCa]);
  const signatoryKeys = new SignatoryKeySource(descriptor.signatoryKeys);
  if (signatoryCa) signatoryKeys.fill();
  return {
    seal,
    timestampAuthority,
    ...(signatoryCa ? { signatoryCa } : {}),
    signatoryKeys,
    crlSources: {
      issuers,
      extraCertificates: [seal, ...issuers, ...localTsa].flatMap((identity) => [
        identity.certificateDer,
        ...identity.chainDer,
      ]),
    },
  };
}

async function sealIdentity(
  descriptor: WorkerPkiDescriptor,
  development: PkiMaterial | undefined,
): Promise<SigningIdentity> {
  const { seal } = descriptor;
  if (seal.kind === 'pkcs12') {
    const material = await loadProductionPki({
      pkcs12Path: seal.path,
      pkcs12Password: seal.password,
      ...(seal.trustBundlePath ? { trustBundlePath: seal.trustBundlePath } : {}),
    });
    return material.seal;
  }
  if (!development) throw new Error('the development PKI was not loaded');
  return development.seal;
}

async function signatoryAuthority(
  descriptor: WorkerPkiDescriptor,
  development: PkiMaterial | undefined,
): Promise<SigningIdentity | undefined> {
  const { signatoryCa } = descriptor;
  switch (signatoryCa.kind) {
    case 'pkcs12':
      return loadSignatoryCa(signatoryCa);
    case 'development':
      return development?.certificateAuthority;
    case 'none':
      return undefined;
  }
}

function timestamping(
  descriptor: WorkerPkiDescriptor,
  development: PkiMaterial | undefined,
): TimestampAuthority {
  if (descriptor.timestampAuthorityUrl)
    return new HttpTimestampAuthority({ url: descriptor.timestampAuthorityUrl });
  if (!development) throw new Error('no time-stamp authority: TSA_URL is required with a PKCS#12 seal');
  return new LocalTimestampAuthority(development.timestamping);
}

function unique(identities: (SigningIdentity | undefined)[]): SigningIdentity[] {
  const present = identities.filter((identity): identity is SigningIdentity => identity !== undefined);
  return present.filter(
    (identity, index) =>
      present.findIndex((other) => other.certificateDer.equals(identity.certificateDer)) === index,
  );
}
