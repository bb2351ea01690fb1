import { type DynamicModule, Module } from '@nestjs/common';
import { join } from 'node:path';
import { AppConfig } from '../../config/app-config';
import { localSecret } from '../../common/local-secret';
import { FilesController } from './files.controller';
import { FilesystemStorage } from './filesystem-storage';
import { OBJECT_STORAGE, type ObjectStorage } from './object-storage.port';

function createStorage(config: AppConfig): ObjectStorage {
  return new FilesystemStorage({
    rootDir: join(config.dataDir, 'files'),
    publicBaseUrl: config.publicUrl,
    urlSigningSecret: config.env.STORAGE_URL_SECRET ?? localSecret(config.dataDir, 'storage-url'),
  });
}

@Module({})
export class StorageModule {
  static forRoot(options: { http: boolean }): DynamicModule {
    return {
      module: StorageModule,
      global: true,
      controllers: options.http ? [FilesController] : [],
      providers: [{ provide: OBJECT_STORAGE, inject: [AppConfig], useFactory: createStorage }],
      exports: [OBJECT_STORAGE],
    };
  }
}
