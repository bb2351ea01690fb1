import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import {
  cleanMultiLine,
  DECLINE_REASON_MAX,
  DECLINE_REASON_MIN,
  LOCALES,
  MAX_PDF_PAGES,
  type Locale,
} from '@esign/shared';

const cleanReason = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? cleanMultiLine(value) : value;

/** The signing page rendered the document (`POST /api/signatures/{id}/viewed?key=`). */
export class DocumentViewedDto {
  @ApiProperty({ description: 'SHA-256 (hex) of the bytes the viewer rendered', example: 'ab12…' })
  @IsString()
  @Matches(/^[0-9a-f]{64}$/, { message: 'validation.sha256' })
  documentSha256: string;
  @ApiProperty({ minimum: 1, maximum: MAX_PDF_PAGES })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PDF_PAGES)
  pageCount: number;
  @ApiProperty({ description: "The page's clock when the first page was painted (ISO 8601)" })
  @IsISO8601({ strict: true }, { message: 'validation.date' })
  @MaxLength(40)
  renderedAt: string;
  @ApiPropertyOptional({ enum: LOCALES }) @IsOptional() @IsIn(LOCALES) language?: Locale;
}

/** A signatory declines to sign (`POST /api/signatures/{id}/decline?key=`). */
export class DeclineDto {
  @ApiProperty({ minLength: DECLINE_REASON_MIN, maxLength: DECLINE_REASON_MAX })
  @Transform(cleanReason)
  @IsString()
  @MinLength(DECLINE_REASON_MIN, { message: 'validation.declineReasonLength' })
  @MaxLength(DECLINE_REASON_MAX, { message: 'validation.declineReasonLength' })
  reason: string;
  @ApiPropertyOptional({ enum: LOCALES }) @IsOptional() @IsIn(LOCALES) language?: Locale;
}
