import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { Equals, IsNotEmpty, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { LOCATION_MAX_LENGTH, LOCATION_MIN_LENGTH } from '@esign/shared';
import { cleanText } from '../../../common/text-input';

/** The four boxes of the identity step; each must be ticked. */
export class SigningConsentsDto {
  @ApiProperty() @Equals(true, { message: 'validation.consentRequired' }) termsAndPrivacy: boolean;
  @ApiProperty() @Equals(true, { message: 'validation.consentRequired' }) phoneNumberOwnership: boolean;
  @ApiProperty() @Equals(true, { message: 'validation.consentRequired' }) documentConsent: boolean;
  @ApiProperty() @Equals(true, { message: 'validation.consentRequired' }) legalParagraph: boolean;
}

export class SignDto {
  @ApiProperty({ example: 'K7M2Q9XC', description: 'The 8-character code received by SMS' })
  @IsString()
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(32)
  code: string;
  @ApiProperty({ example: 'Luxembourg' })
  @Transform(cleanText)
  @IsString()
  @MinLength(LOCATION_MIN_LENGTH, { message: 'validation.locationMin' })
  @MaxLength(LOCATION_MAX_LENGTH)
  location: string;
  @ApiProperty({ example: '+352621123456', description: 'The mobile shown on the page (read-only there)' })
  @IsString()
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(32)
  phoneNumber: string;
  @ApiProperty({ type: SigningConsentsDto })
  @ValidateNested()
  @Type(() => SigningConsentsDto)
  @IsNotEmpty({ message: 'validation.consentRequired' })
  consents: SigningConsentsDto;
}
