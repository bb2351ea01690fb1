import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { TEMPLATE_DEFINITIONS, templateJsonSchema, type TemplateDefinition } from '@esign/shared';
import { type TemplateSummary } from './template-summary';

/** Computed once: the definitions are constants of the build. */
let catalogue: TemplateSummary[] | undefined;

function summaries(): TemplateSummary[] {
  catalogue ??= Object.values<TemplateDefinition | undefined>(TEMPLATE_DEFINITIONS)
    .filter((definition): definition is TemplateDefinition => definition !== undefined)
    .map((definition) => ({
      type: definition.type,
      title: definition.title,
      schema: templateJsonSchema(definition),
      example: definition.example ?? {},
    }));
  return catalogue;
}

@ApiTags('documents')
@ApiBearerAuth()
@Controller('templates')
export class TemplatesController {
  @Get()
  @ApiOperation({
    summary:
      'The certified templates and AML forms: type, French title, JSON Schema (draft 2020-12) of the form ' +
      'data generated from the definition the server validates with, and a complete example',
  })
  list(): TemplateSummary[] {
    return summaries();
  }
}
