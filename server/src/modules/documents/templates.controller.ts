import { Body, Controller, Get, HttpCode, Param, Post, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { type Response } from 'express';
import { TEMPLATE_DEFINITIONS, templateJsonSchema, type TemplateDefinition } from '@esign/shared';
import { type AuthenticatedUser } from '../users/authenticated-user';
import { CurrentUser } from '../users/current-user.decorator';
import { TemplatePreviewDto } from './dto/template-preview.dto';
import { TemplateDocumentsService } from './template-documents.service';
import { type TemplateSummary } from './template-summary';

/** Previews follow typing (one a second or so while a member fills a form); this bounds a runaway client. */
const PREVIEWS_PER_MINUTE = 60;

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
  constructor(private readonly templates: TemplateDocumentsService) {}

  @Get()
  @ApiOperation({
    summary:
      'The certified templates and AML forms: type, French title, JSON Schema (draft 2020-12) of the form ' +
      'data generated from the definition the server validates with, and a complete example',
  })
  list(): TemplateSummary[] {
    return summaries();
  }

  @Post(':type/preview')
  @HttpCode(200)
  @Throttle({ default: { limit: PREVIEWS_PER_MINUTE, ttl: 60_000 } })
  @ApiProduces('application/pdf')
  @ApiOperation({
    summary:
      'The PDF the form would print as it stands, stored nowhere: values failing their own check print ' +
      'blank, so a half-filled form previews. The page count is in X-Page-Count.',
  })
  async preview(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('type') type: string,
    @Body() input: TemplatePreviewDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const { bytes, pageCount } = await this.templates.preview(caller.user.id, type, input.formData);
    response.setHeader('X-Page-Count', String(pageCount));
    response.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(Buffer.from(bytes), { type: 'application/pdf', length: bytes.byteLength });
  }
}
