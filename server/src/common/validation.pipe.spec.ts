import { plainToInstance } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, Length, Max, Min, validate } from 'class-validator';
import { fieldErrors } from './validation.pipe';

class Sample {
  @IsString() @IsNotEmpty() @Length(1, 10) name: string;
  @IsInt() @Min(0) @Max(100) percent: number;
}

async function errorsOf(plain: object): Promise<Record<string, string>> {
  return fieldErrors(await validate(plainToInstance(Sample, plain)));
}

describe('fieldErrors', () => {
  it('tells a value of the wrong type as such, not as out of range', async () => {
    expect(await errorsOf({ name: 12, percent: 'lots' })).toEqual({
      name: 'validation.isString',
      percent: 'validation.isInt',
    });
    expect(await errorsOf({ name: ['ab'], percent: true })).toEqual({
      name: 'validation.isString',
      percent: 'validation.isInt',
    });
  });

  it('tells a value of the right type by the rule it breaks', async () => {
    expect(await errorsOf({ name: 'far too long a name', percent: 140 })).toEqual({
      name: 'validation.isLength',
      percent: 'validation.max',
    });
    expect(await errorsOf({ name: 'ok', percent: 40 })).toEqual({});
  });
});
