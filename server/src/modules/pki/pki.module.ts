import { Global, Module } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppConfig } from '../../config/app-config';
import {
  ensureDevelopmentPki,
  HttpTimestampAuthority,
  LocalTimestampAuthority,
  type PkiMaterial,
  type SealMaterial,
  loadProductionPki,
  TIMESTAMP_AUTHORITY,
  type TimestampAuthority,
} from '@esign/pdf-signing';

export const SEAL_MATERIAL = Symbol('SealMaterial');
export const TRUST_BUNDLE = Symbol('TrustBundle');
export interface TrustBundle {
  pem: string;
}

function loadSealMaterial(config: AppConfig): Promise<SealMaterial> {
  const { env } = config;
  if (env.SEAL_P12_PATH && env.SEAL_P12_PASSWORD) {
    return loadProductionPki({
      pkcs12Path: env.SEAL_P12_PATH,
      pkcs12Password: env.SEAL_P12_PASSWORD,
      ...(env.TRUST_BUNDLE_PATH ? { trustBundlePath: env.TRUST_BUNDLE_PATH } : {}),
    });
  }
  return ensureDevelopmentPki(join(config.dataDir, 'pki'), {
    productName: 'E-Signature',
    organizationName: 'Chambre immobilière (développement)',
  });
}

async function trustBundle(config: AppConfig, material: SealMaterial): Promise<TrustBundle> {
  const extra =
    config.env.TRUST_BUNDLE_PATH && config.usesDevelopmentPki
      ? await readFile(config.env.TRUST_BUNDLE_PATH, 'utf8')
      : '';
  // The qualified provider's chain, so relying parties given this bundle validate its signatures too.
  const provider = config.env.CSC_TRUST_BUNDLE_PATH
    ? await readFile(config.env.CSC_TRUST_BUNDLE_PATH, 'utf8')
    : '';
  return {
    pem: [material.trustBundlePem().trim(), extra.trim(), provider.trim()].filter(Boolean).join('\n') + '\n',
  };
}

function timestampAuthority(config: AppConfig, material: SealMaterial): TimestampAuthority {
  if (config.env.TSA_URL) return new HttpTimestampAuthority({ url: config.env.TSA_URL });
  return new LocalTimestampAuthority((material as PkiMaterial).timestamping);
}

/**
 * The seal key, the trust anchors and the time-stamp authority: development ones, or the configured ones.
 * The development authority answers the product's own workers in-process only: nothing outside needs it, and
 * an open time-stamping service would lend the chamber's clock to anyone.
 */
@Global()
@Module({
  providers: [
    { provide: SEAL_MATERIAL, inject: [AppConfig], useFactory: loadSealMaterial },
    { provide: TRUST_BUNDLE, inject: [AppConfig, SEAL_MATERIAL], useFactory: trustBundle },
    { provide: TIMESTAMP_AUTHORITY, inject: [AppConfig, SEAL_MATERIAL], useFactory: timestampAuthority },
  ],
  exports: [SEAL_MATERIAL, TRUST_BUNDLE, TIMESTAMP_AUTHORITY],
})
export class PkiModule {}
