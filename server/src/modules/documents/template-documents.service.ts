import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import {
  ErrorCode,
  TEMPLATE_DEFINITIONS,
  TEMPLATE_TYPES,
  cleanTemplateData,
  postalTown,
  templateRisk,
  validateTemplateData,
  type AdditionalInfo,
  type PdfTemplateResponse,
  type TemplateDefinition,
  type TemplateType,
} from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { DocumentEntity } from './document.entity';
import { DocumentRecords, type PrintedForm } from './document-records';
import { DocumentStore } from './document-store';
import { DOCUMENT_USAGE, type DocumentUsage } from './document-usage.port';
import { type PdfRequestDto } from './dto/pdf-request.dto';
import { PdfSandbox } from './pdf/pdf-sandbox';
import { type MemberLetterhead } from './templates/printable-document';
import { templateContent } from './templates/template-content';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage.port';
import { UsersService } from '../users/users.service';

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

/** The registration details printed under the member's name: address, then RCS and VAT. */
function letterheadLines(info: AdditionalInfo): string[] {
  const address = info.address ?? {};
  const town = postalTown(address);
  const country = address.country?.trim();
  const street = [address.addressLine1, address.addressLine2, town]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
  const place = country && !/^(lu|luxembourg)$/i.test(country) ? `${street} (${country})` : street;
  const company = info.company ?? {};
  const registration = [
    company.registrationNumber?.trim() ? `RCS Luxembourg ${company.registrationNumber.trim()}` : '',
    company.vatNumber?.trim() ? `TVA ${company.vatNumber.trim()}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return [place, registration].filter(Boolean);
}

/**
 * The answers a preview can print: each value that fails its own field's check is left out (it prints
 * as a blank), so a half-filled form previews. Rules between fields are not applied: both values are
 * good on their own and the member sees them as typed.
 */
function previewableData(
  definition: TemplateDefinition,
  formData: Record<string, unknown>,
  today: string,
): Record<string, unknown> {
  const fieldErrors = validateTemplateData({ ...definition, rules: undefined }, formData, today);
  const data = structuredClone(formData);
  for (const path of Object.keys(fieldErrors)) {
    const steps = path.split('.');
    const last = steps.pop();
    let scope: unknown = data;
    for (const step of steps) scope = (scope as Record<string, unknown> | undefined)?.[step];
    if (last !== undefined && scope && typeof scope === 'object')
      delete (scope as Record<string, unknown>)[last];
  }
  return data;
}

/** Certified templates: the form data is validated against the definition, then printed in a worker. */
@Injectable()
export class TemplateDocumentsService {
  private readonly logger = new Logger(TemplateDocumentsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: DocumentRecords,
    private readonly store: DocumentStore,
    private readonly sandbox: PdfSandbox,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(DOCUMENT_USAGE) private readonly usage: DocumentUsage,
    private readonly users: UsersService,
  ) {}

  /**
   * The document the form would print, as it stands: nothing is stored, and values that fail their
   * field's check are left blank rather than refused, so the wizard can show it while the member types.
   */
  async preview(
    ownerId: string,
    type: string,
    formData: Record<string, unknown>,
  ): Promise<{ bytes: Uint8Array; pageCount: number }> {
    const definition = TEMPLATE_TYPES.includes(type as TemplateType)
      ? TEMPLATE_DEFINITIONS[type as TemplateType]
      : undefined;
    if (!definition) throw invalid({ templateType: 'validation.templateUnavailable' });
    const today = luxembourgToday();
    const data = cleanTemplateData(definition, previewableData(definition, formData, today));
    const member = await this.memberLetterhead(ownerId);
    const outcome = await this.sandbox.render(ownerId, templateContent(definition, data, today, { member }));
    return { bytes: outcome.bytes, pageCount: outcome.pageCount };
  }

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
    const member = await this.memberLetterhead(ownerId);
    // One result for the printed form and the stored document: what the member sends is what is kept.
    const risk = templateRisk(definition.type, data);
    const outcome = await this.sandbox.render(
      ownerId,
      templateContent(definition, data, today, { member, risk }),
    );
    const file = { outcome, storageKey: await this.store.save(outcome) };
    const form: PrintedForm = {
      templateType: definition.type,
      formData: data,
      amlRisk: risk,
      fileName: definition.title,
    };
    const document = existing
      ? await this.records.regenerate(existing, form, file)
      : await this.records.addGenerated(ownerId, form, file);
    return {
      pdfBase64: Buffer.from(outcome.bytes).toString('base64'),
      documentId: document.id,
      pdfPageCount: outcome.pageCount,
      layout: outcome.layout ?? null,
    };
  }

  /**
   * The member's letterhead: company name (the account's name without one), address, RCS and VAT, and the
   * logo they uploaded. A logo that cannot be read costs the logo, not the document.
   */
  private async memberLetterhead(ownerId: string): Promise<MemberLetterhead | undefined> {
    const account = await this.users.findById(ownerId);
    if (!account) return undefined;
    const info: AdditionalInfo = account.additionalInfo ?? {};
    const name = info.company?.name?.trim() || account.name.trim();
    if (!name) return undefined;
    let logoPng: Uint8Array | undefined;
    if (account.logoKey) {
      logoPng = await this.storage.get(account.logoKey).then(
        (bytes) => new Uint8Array(bytes),
        (error: unknown) => {
          this.logger.warn({ err: error }, 'The member logo could not be read; the header prints without it');
          return undefined;
        },
      );
    }
    return { name, lines: letterheadLines(info), ...(logoPng ? { logoPng } : {}) };
  }

  /** The caller's template document to regenerate; someone else's answers like a missing one. */
  private async findForUpdate(
    ownerId: string,
    input: PdfRequestDto,
    definition: TemplateDefinition,
  ): Promise<DocumentEntity> {
    if (!input.documentId) throw invalid({ documentId: 'validation.required' });
    const document = await this.dataSource.manager.findOneBy(DocumentEntity, {
      id: input.documentId,
      ownerId,
      source: 'TEMPLATE',
    });
    if (!document) throw new AppException(ErrorCode.NOT_FOUND);
    if (document.templateType !== definition.type) {
      throw invalid({ templateType: 'validation.documentTypeMismatch' });
    }
    // A sent request's document is evidence and must not change (T23).
    if (await this.usage.isHeld(document.id)) throw new AppException(ErrorCode.DOCUMENT_NOT_EDITABLE);
    return document;
  }
}
