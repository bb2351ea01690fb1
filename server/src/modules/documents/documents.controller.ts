import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type PdfCompleteResponse, type PdfTemplateResponse, type PdfUploadResponse } from '@esign/shared';
import { type AuthenticatedUser } from '../users/authenticated-user';
import { CurrentUser } from '../users/current-user.decorator';
import { type PdfDocumentResponse } from './document-views';
import { DocumentsService } from './documents.service';
import { PdfRequestDto } from './dto/pdf-request.dto';

@ApiTags('documents')
@ApiBearerAuth()
@Controller('pdf')
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @Post()
  @ApiOperation({
    summary:
      'CUSTOM: an address to PUT the PDF to (then call complete). A template: the PDF generated from formData ' +
      '(mode UPDATE regenerates documentId)',
  })
  request(
    @CurrentUser() caller: AuthenticatedUser,
    @Body() input: PdfRequestDto,
  ): Promise<PdfUploadResponse | PdfTemplateResponse> {
    return this.documents.request(caller.user.id, input);
  }

  @Post(':fileId/complete')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Check the uploaded PDF (type, encryption, signatures, pages, structure), normalise and store it',
  })
  complete(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('fileId') fileId: string,
  ): Promise<PdfCompleteResponse> {
    return this.documents.complete(caller.user.id, fileId);
  }

  @Get(':documentId')
  @ApiOperation({ summary: 'A ready document: pages, hash, and a download address valid 5 minutes' })
  describe(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('documentId') documentId: string,
  ): Promise<PdfDocumentResponse> {
    return this.documents.describe(caller.user.id, documentId);
  }
}
