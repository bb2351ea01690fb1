import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  Allow,
  IsIn,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  LOCALES,
  isValidRcsLu,
  isValidVatNumber,
  normalizeRcsLu,
  normalizeVatNumber,
  type Locale,
} from '@esign/shared';
import { IsEmailAddress, cleanText } from '../../../common/text-input';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);
const isVatNumber = (value: unknown): boolean => typeof value === 'string' && isValidVatNumber(value);
const isRcsNumber = (value: unknown): boolean => typeof value === 'string' && isValidRcsLu(value);
const lower = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

export class AddressDto {
  @IsOptional() @Transform(cleanText) @IsString() @MaxLength(200) addressLine1?: string | null;
  @IsOptional() @Transform(cleanText) @IsString() @MaxLength(200) addressLine2?: string | null;
  @IsOptional() @Transform(cleanText) @IsString() @MaxLength(100) city?: string | null;
  @IsOptional() @Transform(cleanText) @IsString() @MaxLength(100) country?: string | null;
  @IsOptional() @Transform(cleanText) @IsString() @MaxLength(100) stateOrRegion?: string | null;
  /** With its country prefix, e.g. `L-1234`. */
  @IsOptional()
  @Transform(trim)
  @Matches(/^([A-Z]{1,2}-)?[0-9A-Z -]{3,10}$/i, { message: 'validation.postalCode' })
  postalCode?: string | null;
}

export class CompanyDto {
  @IsOptional() @Transform(cleanText) @IsString() @MaxLength(200) name?: string | null;
  /** The VAT rule every template applies too: Luxembourg's with its check digits, or another EU state's. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? normalizeVatNumber(value) : value,
  )
  @ValidateBy(
    { name: 'isVatNumber', validator: { validate: isVatNumber } },
    { message: 'validation.vatNumber' },
  )
  vatNumber?: string | null;
  /** Luxembourg Business Registers number, e.g. B123456: the rule every template applies too. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? (normalizeRcsLu(value) ?? value) : value,
  )
  @ValidateBy(
    { name: 'isRcsNumber', validator: { validate: isRcsNumber } },
    { message: 'validation.registrationNumber' },
  )
  registrationNumber?: string | null;
  /** The 13-digit national identification number (matricule). */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.replace(/\s/g, '') : value,
  )
  @Matches(/^\d{11}(\d{2})?$/, { message: 'validation.nationalRegistrationNumber' })
  nationalRegistrationNumber?: string | null;
}

export class AdditionalInfoDto {
  /** The billing e-mail. */
  @IsOptional() @Transform(lower) @IsEmailAddress('validation.isEmail') email?: string | null;
  @IsOptional() @ValidateNested() @Type(() => AddressDto) address?: AddressDto;
  @IsOptional() @ValidateNested() @Type(() => CompanyDto) company?: CompanyDto;
}

export class UserInputDto {
  @ApiProperty() @Transform(cleanText) @IsString() @IsNotEmpty() @Length(1, 100) name: string;
  @ApiProperty()
  @Transform(lower)
  @IsEmailAddress('validation.isEmail')
  @Length(3, 254)
  email: string;
  @ApiProperty({ example: '+352621123456' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @Length(6, 32, { message: 'validation.mobile' })
  mobile: string;
  @ApiProperty({ enum: LOCALES }) @IsIn(LOCALES) language: Locale;
  @ApiPropertyOptional({ type: AdditionalInfoDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => AdditionalInfoDto)
  additionalInfo?: AdditionalInfoDto;
}

/**
 * Updates may omit any field. react-admin sends the whole record back, so the fields the server owns are
 * accepted here and ignored (never applied); anything else unknown is refused.
 */
export class UserUpdateDto {
  @Allow() id?: unknown;
  @Allow() role?: unknown;
  @Allow() groups?: unknown;
  @Allow() isDisabled?: unknown;
  @Allow() gdprApprovedAt?: unknown;
  @Allow() logoUrl?: unknown;
  @Allow() thumbnailUrl?: unknown;
  @Allow() thumbnailValid?: unknown;
  @Allow() createdAt?: unknown;
  @Allow() agencyId?: unknown;
  @Allow() agencyRole?: unknown;
  @IsOptional() @Transform(cleanText) @IsString() @IsNotEmpty() @Length(1, 100) name?: string;
  @IsOptional()
  @Transform(lower)
  @IsEmailAddress('validation.isEmail')
  @Length(3, 254)
  email?: string;
  /** null or "" clears an administrator's mobile; a member's is refused (UsersService). */
  @IsOptional()
  @Transform(trim)
  @IsString()
  @ValidateIf((_, value) => value !== '')
  @Length(6, 32, { message: 'validation.mobile' })
  mobile?: string | null;
  @IsOptional() @IsIn(LOCALES) language?: Locale;
  @IsOptional() @ValidateNested() @Type(() => AdditionalInfoDto) additionalInfo?: AdditionalInfoDto;
}

export class LanguageDto {
  @Allow() id?: unknown;
  @ApiProperty({ enum: LOCALES }) @IsIn(LOCALES) language: Locale;
}

export class GdprDto {
  /** Ignored: the server records its own time of consent. */
  @IsOptional() @IsISO8601() gdprApprovedAt?: string;
}
