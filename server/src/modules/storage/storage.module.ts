import { type DynamicModule, Module } from '@nestjs/common';
import { join } from 'node:path';
import { AppConfig } from '../../config/app-config';
import { localSecret } from '../../common/local-secret';
import { FilesController } from './files.controller';
import { FilesystemStorage } from './filesystem-storage';
import { S3Storage } from './s3-storage';
import { OBJECT_STORAGE, type ObjectStorage } from './object-storage.port';

function createStorage(config: AppConfig): ObjectStorage {
  const { env } = config;
  if (env.S3_BUCKET) {
    return new S3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
      ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
        : {}),
    });
  }
  return new FilesystemStorage({
    rootDir: join(config.dataDir, 'files'),
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
