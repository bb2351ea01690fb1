import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  DOCUMENT_NAME_MAX,
  DOCUMENT_TYPES,
  EXPIRY_DAYS_MAX,
  EXPIRY_DAYS_MIN,
  LOCALES,
  MAX_PDF_PAGES,
  MAX_SIGNATORIES,
  PLACEMENT_POSITIONS,
  SIGNATORY_NAME_MAX,
  SIGNATORY_ROLE_MAX,
  SIGNATURE_SIZES,
  SIGNATURE_TITLE_MAX,
  SIGNING_FLOWS,
  SIGNING_MODES,
  TEMPLATE_TYPES,
  type DocumentType,
  type Locale,
  type PlacementPosition,
  type SignatureSize,
  type SigningFlow,
  type SigningMode,
  type TemplateType,
} from '@esign/shared';
import { IsEmailAddress, cleanText, lowerCaseTrimmed as lower } from '../../../common/text-input';

export class PlacementDto {
  @ApiProperty({ minimum: 1 }) @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PDF_PAGES) page: number;
  @ApiProperty({ enum: PLACEMENT_POSITIONS }) @IsIn(PLACEMENT_POSITIONS) position: PlacementPosition;
}

export class SignatoryInputDto {
  @ApiProperty({ example: 'Anne Muller' })
  @Transform(cleanText)
  @IsString()
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(SIGNATORY_NAME_MAX)
  name: string;
  @ApiProperty({ example: 'anne@example.lu' })
  @Transform(lower)
  @IsEmailAddress('validation.email')
  @MaxLength(254)
  email: string;
  /** Normalised to E.164 by the service (Luxembourg when no country code); landlines are refused. */
  @ApiProperty({ example: '+352621123456' })
  @IsString()
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(32)
  mobile: string;
  @ApiProperty({ minimum: 1 }) @Type(() => Number) @IsInt() @Min(1) @Max(MAX_SIGNATORIES) order: number;
  @ApiPropertyOptional({
    example: 'vendeurs.0',
    nullable: true,
    description: 'On a generated document, the party signed for; none for an extra (a witness)',
  })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z]{1,40}(\.\d{1,3})?$/, { message: 'validation.partyUnknown' })
  party?: string | null;
  @ApiPropertyOptional({ example: 'Témoin', nullable: true, description: "An extra's capacity" })
  @IsOptional()
  @Transform(cleanText)
  @IsString()
  @MaxLength(SIGNATORY_ROLE_MAX)
  role?: string | null;
  @ApiPropertyOptional({ type: PlacementDto, description: "An extra's block; a party signs in its frame" })
  @ValidateIf((signatory: SignatoryInputDto) => !signatory.party)
  @ValidateNested()
  @Type(() => PlacementDto)
  @IsNotEmpty({ message: 'validation.placementRequired' })
  placement?: PlacementDto | null;
}

export class SignatureRequestInputDto {
  @ApiProperty({ example: 'Compromis – 12 rue de la Gare' })
  @Transform(cleanText)
  @IsString()
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(SIGNATURE_TITLE_MAX)
  signatureTitle: string;
  @ApiProperty({ enum: DOCUMENT_TYPES }) @IsIn(DOCUMENT_TYPES) documentType: DocumentType;
  @ApiProperty({ description: 'The fileId of an uploaded PDF or the documentId of a generated template' })
  @IsUUID('all', { message: 'validation.documentId' })
  documentId: string;
  @ApiPropertyOptional({ enum: TEMPLATE_TYPES, nullable: true })
  @ValidateIf((input: SignatureRequestInputDto) => input.documentType === 'TEMPLATE')
  @IsIn(TEMPLATE_TYPES)
  templateType?: TemplateType | null;
  @ApiProperty({ example: 'compromis.pdf' })
  @Transform(cleanText)
  @IsString()
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(DOCUMENT_NAME_MAX)
  documentName: string;
  @ApiProperty({ enum: SIGNING_MODES }) @IsIn(SIGNING_MODES) signingMode: SigningMode;
  @ApiProperty({ enum: SIGNING_FLOWS }) @IsIn(SIGNING_FLOWS) signingFlow: SigningFlow;
  @ApiProperty({ enum: SIGNATURE_SIZES }) @IsIn(SIGNATURE_SIZES) signatureSize: SignatureSize;
  @ApiProperty({ minimum: 1 }) @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PDF_PAGES) sealPage: number;
  @ApiProperty({ enum: SIGNATURE_SIZES }) @IsIn(SIGNATURE_SIZES) sealSize: SignatureSize;
  @ApiPropertyOptional({ enum: LOCALES, description: "The invitations' language; the member's by default" })
  @IsOptional()
  @IsIn(LOCALES)
  language?: Locale;
  @ApiPropertyOptional({
    minimum: EXPIRY_DAYS_MIN,
    maximum: EXPIRY_DAYS_MAX,
    description:
      'Days the request can be signed for from now; REQUEST_EXPIRY_DAYS by default (a change keeps the date)',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(EXPIRY_DAYS_MIN)
  @Max(EXPIRY_DAYS_MAX)
  expiryDays?: number;
  @ApiProperty({ type: [SignatoryInputDto], minItems: 1, maxItems: MAX_SIGNATORIES })
  @IsArray()
  @ArrayMinSize(1, { message: 'validation.signatoriesMin' })
  @ArrayMaxSize(MAX_SIGNATORIES, { message: 'validation.signatoriesMax' })
  @ValidateNested({ each: true })
  @Type(() => SignatoryInputDto)
  signatories: SignatoryInputDto[];
}
