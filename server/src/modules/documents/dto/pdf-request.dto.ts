import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsObject, IsOptional, IsString, IsUUID, MaxLength, Min } from 'class-validator';
import {
  DOCUMENT_NAME_MAX,
  DOCUMENT_TYPES,
  TEMPLATE_TYPES,
  type DocumentType,
  type PdfRequest,
  type TemplateType,
} from '@esign/shared';

const REQUEST_KINDS = [...DOCUMENT_TYPES, ...TEMPLATE_TYPES] as const;
const MODES = ['CREATE', 'UPDATE'] as const;

/** `POST /api/pdf`: an upload address for the member's own PDF, or a PDF generated from a template. */
export class PdfRequestDto implements PdfRequest {
  @ApiProperty({
    enum: REQUEST_KINDS,
    description: 'CUSTOM, TEMPLATE (with templateType), or a template name',
  })
  @IsIn(REQUEST_KINDS)
  documentType: DocumentType | TemplateType;

  @ApiPropertyOptional({ enum: TEMPLATE_TYPES, description: 'With documentType TEMPLATE' })
  @IsOptional()
  @IsIn(TEMPLATE_TYPES)
  templateType?: TemplateType | null;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: "The template's fields" })
  @IsOptional()
  @IsObject()
  formData?: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'With mode UPDATE: the template document to regenerate' })
  @IsOptional()
  @IsUUID('all', { message: 'validation.documentId' })
  documentId?: string;

  @ApiPropertyOptional({ enum: MODES })
  @IsOptional()
  @IsIn(MODES)
  mode?: (typeof MODES)[number];

  @ApiPropertyOptional({
    description: 'CUSTOM: size in bytes, so an oversized file is refused before upload',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  size?: number;

  @ApiPropertyOptional({ maxLength: DOCUMENT_NAME_MAX, description: 'CUSTOM: the display name' })
  @IsOptional()
  @IsString()
  @MaxLength(DOCUMENT_NAME_MAX)
  fileName?: string;
}
