import { ApiProperty } from '@nestjs/swagger';
import { IsObject } from 'class-validator';

/** `POST /api/templates/{type}/preview`: the form as it stands, complete or not. */
export class TemplatePreviewDto {
  @ApiProperty({ type: 'object', additionalProperties: true, description: "The template's fields so far" })
  @IsObject()
  formData: Record<string, unknown>;
}
