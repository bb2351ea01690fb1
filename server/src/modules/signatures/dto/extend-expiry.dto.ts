import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { EXPIRY_DAYS_MAX, EXPIRY_DAYS_MIN, type ExtendExpiryInput } from '@esign/shared';

export class ExtendExpiryDto implements ExtendExpiryInput {
  @ApiProperty({
    minimum: EXPIRY_DAYS_MIN,
    maximum: EXPIRY_DAYS_MAX,
    description: 'Days added to the expiry date',
  })
  @Type(() => Number)
  @IsInt()
  @Min(EXPIRY_DAYS_MIN)
  @Max(EXPIRY_DAYS_MAX)
  days: number;
}
