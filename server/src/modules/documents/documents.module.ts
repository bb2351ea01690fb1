import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DocumentEntity } from './document.entity';
import { DocumentRecords } from './document-records';
import { DocumentStore } from './document-store';
import { DocumentsController } from './documents.controller';
import { TemplatesController } from './templates.controller';
import { DocumentsService } from './documents.service';
import { PdfSandbox } from './pdf/pdf-sandbox';
import { StorageQuota } from './storage-quota';
import { UploadClaims } from './upload-claims';
import { UploadLifecycleService } from './upload-lifecycle.service';
import { TemplateDocumentsService } from './template-documents.service';

/**
 * Imported as is by modules that use DocumentsService; the application adds the routes and the upload jobs
 * with forRoot (there only, so each job has one processor).
 */
@Module({
  imports: [TypeOrmModule.forFeature([DocumentEntity])],
  providers: [
    DocumentsService,
    TemplateDocumentsService,
    DocumentRecords,
    DocumentStore,
    PdfSandbox,
    StorageQuota,
    UploadClaims,
  ],
  exports: [DocumentsService, PdfSandbox],
})
export class DocumentsModule {
  static forRoot(options: { http: boolean }): DynamicModule {
    return {
      module: DocumentsModule,
      controllers: options.http ? [DocumentsController, TemplatesController] : [],
      providers: [UploadLifecycleService],
    };
  }
}
