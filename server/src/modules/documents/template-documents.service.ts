import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type Repository } from 'typeorm';
import {
  ErrorCode,
  TEMPLATE_DEFINITIONS,
  cleanTemplateData,
  validateTemplateData,
  type PdfTemplateResponse,
  type TemplateDefinition,
  type TemplateType,
} from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { DocumentEntity } from './document.entity';
import { DocumentStore } from './document-store';
import { type PdfRequestDto } from './dto/pdf-request.dto';
import { PdfSandbox } from './pdf/pdf-sandbox';
import { templateContent } from './templates/template-content';

/** Requests past these states have been sent: their document is evidence and must not change (T23). */
const LOCKING_STATUSES = ['IN_PROGRESS', 'UPDATING_DOCUMENT', 'SIGNED'];

/** Today in Luxembourg, as YYYY-MM-DD: what "expired" and "drawn up on" mean for a form. */
export function luxembourgToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Luxembourg' }).format(now);
}

function invalid(errors: Record<string, string>): AppException {
  return new AppException(ErrorCode.VALIDATION_FAILED, errors);
}

/** The template named by the request, or 422 on the field that names it. */
function definitionFor(input: PdfRequestDto): TemplateDefinition {
  const field = input.documentType === 'TEMPLATE' ? 'templateType' : 'documentType';
  const type: TemplateType | null | undefined =
    input.documentType === 'TEMPLATE' ? input.templateType : (input.documentType as TemplateType);
  if (!type) throw invalid({ [field]: 'validation.required' });
  const definition = TEMPLATE_DEFINITIONS[type];
  if (!definition) throw invalid({ [field]: 'validation.templateUnavailable' });
  return definition;
}

/** Certified templates: the form data is validated against the definition, then printed in a worker. */
@Injectable()
export class TemplateDocumentsService {
  constructor(
    @InjectRepository(DocumentEntity) private readonly documents: Repository<DocumentEntity>,
    private readonly store: DocumentStore,
    private readonly sandbox: PdfSandbox,
  ) {}

  async generate(ownerId: string, input: PdfRequestDto): Promise<PdfTemplateResponse> {
    const definition = definitionFor(input);
    const formData = input.formData ?? {};
    const today = luxembourgToday();
    const errors = validateTemplateData(definition, formData, today);
    if (Object.keys(errors).length > 0) {
      throw invalid(
        Object.fromEntries(Object.entries(errors).map(([name, key]) => [`formData.${name}`, key])),
      );
    }
    const existing =
      input.mode === 'UPDATE' ? await this.findForUpdate(ownerId, input, definition) : undefined;
    const data = cleanTemplateData(definition, formData);
    const member = await this.memberCompany(ownerId);
    const outcome = await this.sandbox.render(templateContent(definition, data, today, member));
    const storageKey = await this.store.save(outcome);
    const document = await this.documents.save({
      ...(existing ?? this.documents.create({ ownerId, source: 'TEMPLATE', removed: [] })),
      templateType: definition.type,
      formData: data,
      fileName: definition.title,
      status: 'READY' as const,
      uploadKey: null,
      sha256: outcome.sha256,
      storageKey,
      sizeBytes: outcome.bytes.byteLength,
      pageCount: outcome.pageCount,
      pages: outcome.pages,
    });
    return {
      pdfBase64: Buffer.from(outcome.bytes).toString('base64'),
      documentId: document.id,
      pdfPageCount: outcome.pageCount,
    };
  }

  /** The member's company name for the page header, when the account has one. */
  private async memberCompany(ownerId: string): Promise<string | undefined> {
    const rows: { name: string | null }[] = await this.documents.query(
      `SELECT additional_info->'company'->>'name' AS name FROM app_user WHERE id = $1`,
      [ownerId],
    );
    const name = rows[0]?.name?.trim();
    return name ? name : undefined;
  }

  /** The caller's template document to regenerate; someone else's answers like a missing one. */
  private async findForUpdate(
    ownerId: string,
    input: PdfRequestDto,
    definition: TemplateDefinition,
  ): Promise<DocumentEntity> {
    if (!input.documentId) throw invalid({ documentId: 'validation.required' });
    const document = await this.documents.findOneBy({ id: input.documentId, ownerId, source: 'TEMPLATE' });
    if (!document) throw new AppException(ErrorCode.NOT_FOUND);
    if (document.templateType !== definition.type) {
      throw invalid({ templateType: 'validation.documentTypeMismatch' });
    }
    const sent: unknown[] = await this.documents.query(
      `SELECT 1 FROM signature_request WHERE document_id = $1 AND status = ANY($2) LIMIT 1`,
      [document.id, LOCKING_STATUSES],
    );
    if (sent.length > 0) throw new AppException(ErrorCode.DOCUMENT_NOT_EDITABLE);
    return document;
  }
}
