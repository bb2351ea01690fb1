import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DocumentEntity } from './document.entity';
import { DocumentStore } from './document-store';
import { DocumentsController } from './documents.controller';
import { TemplatesController } from './templates.controller';
import { DocumentsService } from './documents.service';
import { PdfSandbox } from './pdf/pdf-sandbox';
import { TemplateDocumentsService } from './template-documents.service';

/** Imported as is by modules that use DocumentsService; the application adds the routes with forRoot. */
@Module({
  imports: [TypeOrmModule.forFeature([DocumentEntity])],
  providers: [DocumentsService, TemplateDocumentsService, DocumentStore, PdfSandbox],
  exports: [DocumentsService],
})
export class DocumentsModule {
  static forRoot(options: { http: boolean }): DynamicModule {
    return {
      module: DocumentsModule,
      controllers: options.http ? [DocumentsController, TemplatesController] : [],
    };
  }
}
