import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsISO8601, IsNumber, Matches, Max, Min, ValidateIf } from 'class-validator';
import { type PriceListInput } from '@esign/shared';

/** Amounts in euro cents: integers, so a price is exact; at most 1 000 € per unit. */
const MAX_CENTS = 100_000;

export class PriceListInputDto implements PriceListInput {
  @ApiProperty({ example: '2026-01-01', description: 'A Luxembourg calendar day, today or later' })
  @Matches(/^[1-9]\d{3}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: 'validation.date' })
  // A day that exists: not 2027-02-30 (strict ISO 8601 checks the month's length and leap years).
  @IsISO8601({ strict: true }, { message: 'validation.date' })
  effectiveFrom: string;

  @ApiProperty({ example: 150 }) @IsInt() @Min(0) @Max(MAX_CENTS) simpleRequestCents: number;
  @ApiProperty({ example: 450 }) @IsInt() @Min(0) @Max(MAX_CENTS) advancedRequestCents: number;
  @ApiProperty({ example: 900 }) @IsInt() @Min(0) @Max(MAX_CENTS) qualifiedRequestCents: number;
  @ApiProperty({ example: 12 }) @IsInt() @Min(0) @Max(MAX_CENTS) smsCents: number;

  @ApiProperty({ example: 2500, nullable: true, type: Number })
  @ValidateIf((_input, value) => value !== null)
  @IsInt()
  @Min(0)
  @Max(MAX_CENTS)
  memberMonthlyFeeCents: number | null;

  @ApiProperty({ example: 17, description: 'Percent, two decimals at most' })
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0)
  @Max(100)
  vatRatePercent: number;
}
