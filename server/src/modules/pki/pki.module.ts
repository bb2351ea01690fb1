import { Global, Module } from '@nestjs/common';
import { join } from 'node:path';
import { AppConfig } from '../../config/app-config';
import { ensureDevelopmentPki } from './development-pki';
import { type SealMaterial } from './pki-material';

export const SEAL_MATERIAL = Symbol('SealMaterial');
export const TRUST_BUNDLE = Symbol('TrustBundle');
export interface TrustBundle {
  pem: string;
}

async function loadSealMaterial(config: AppConfig): Promise<SealMaterial> {
  return ensureDevelopmentPki(join(config.dataDir, 'pki'), {
    productName: 'E-Signature',
    organizationName: 'Chambre immobilière (développement)',
  });
}

@Global()
@Module({
  providers: [
    { provide: SEAL_MATERIAL, inject: [AppConfig], useFactory: loadSealMaterial },
    {
      provide: TRUST_BUNDLE,
      inject: [SEAL_MATERIAL],
      useFactory: (material: SealMaterial): TrustBundle => ({ pem: material.trustBundlePem() }),
    },
  ],
  exports: [SEAL_MATERIAL, TRUST_BUNDLE],
})
export class PkiModule {}
