import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, Length } from 'class-validator';
import { AGENCY_ROLES, LOCALES, type AgencyRole, type Locale } from '@esign/shared';
import { IsEmailAddress, cleanText } from '../../../common/text-input';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);
const lower = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/** Someone a manager invites to their agency. Unknown fields are refused. */
export class StaffInputDto {
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
  @ApiProperty({ enum: AGENCY_ROLES }) @IsIn(AGENCY_ROLES) role: AgencyRole;
}

export class StaffRoleDto {
  @ApiProperty({ enum: AGENCY_ROLES }) @IsIn(AGENCY_ROLES) role: AgencyRole;
}
