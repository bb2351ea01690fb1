import { type JsonSchema, type TemplateFormData, type TemplateType } from '@esign/shared';

/** One entry of `GET /api/templates`. */
export interface TemplateSummary {
  type: TemplateType;
  title: string;
  schema: JsonSchema;
  example: TemplateFormData;
}
