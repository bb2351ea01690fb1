import { Body, Controller, Delete, Get, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type BillingStatement, ErrorCode, isLocale, type PriceListView } from '@esign/shared';
import { type Response } from 'express';
import { AppException } from '../../common/app-exception';
import { attachmentContentDisposition } from '../storage/content-disposition';
import { AdminOnly } from '../users/auth.guard';
import { type AuthenticatedUser } from '../users/authenticated-user';
import { CurrentUser } from '../users/current-user.decorator';
import { parseStatementPath } from './billing-month';
import { statementCsv } from './billing-csv';
import { BillingService } from './billing.service';
import { PriceListInputDto } from './dto/price-list-input.dto';
import { PriceListsService } from './price-lists.service';
import { StatementPdfService } from './statement-pdf.service';
import { isUuid } from '../../common/uuid';

@ApiTags('billing')
@ApiBearerAuth()
@Controller('billing')
export class BillingController {
  constructor(
    private readonly billing: BillingService,
    private readonly prices: PriceListsService,
    private readonly statementPdfs: StatementPdfService,
  ) {}

  // Declared before `:period` so `prices` is not read as a month.
  @Get('prices')
  @ApiOperation({ summary: 'Every price list, latest effective date first (amounts in cents)' })
  listPrices(): Promise<PriceListView[]> {
    return this.prices.list();
  }

  @Post('prices')
  @AdminOnly()
  @ApiOperation({ summary: 'Add a price list effective from today or a later day (422 for an earlier day)' })
  addPrices(
    @CurrentUser() caller: AuthenticatedUser,
    @Body() input: PriceListInputDto,
  ): Promise<PriceListView> {
    return this.prices.create(input, caller.user.id);
  }

  @Delete('prices/:id')
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a price list whose day has not begun (409 once it has begun)' })
  async deletePrices(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<{ id: string }> {
    if (!isUuid(id)) throw new AppException(ErrorCode.NOT_FOUND);
    await this.prices.deleteScheduled(id, caller.user.id);
    return { id };
  }

  @Get(':period')
  @ApiOperation({
    summary:
      'The statement of a Luxembourg month: `yyyy-mm` (JSON), `yyyy-mm.csv`, or `yyyy-mm.pdf` (one member, ' +
      'in their language). Administrators: everyone, or `?memberId=` (required for the PDF); members: their own. ' +
      'The CSV is in `?language=` (the screen it is downloaded from), else in the caller’s language',
  })
  async statement(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('period') period: string,
    @Query('memberId') memberId: string | undefined,
    @Query('language') language: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<BillingStatement | string | StreamableFile> {
    const { month, format } = parseStatementPath(period);
    if (memberId !== undefined && !isUuid(memberId)) throw new AppException(ErrorCode.NOT_FOUND);
    if (language !== undefined && !isLocale(language)) {
      throw new AppException(ErrorCode.VALIDATION_FAILED, { language: 'validation.isIn' });
    }
    if (format === 'pdf') {
      const pdf = await this.statementPdfs.statementPdf(caller, month, memberId);
      return new StreamableFile(Buffer.from(pdf.bytes), {
        type: 'application/pdf',
        length: pdf.bytes.length,
        disposition: attachmentContentDisposition(pdf.fileName, 'application/pdf'),
      });
    }
    const statement = await this.billing.statementFor(caller, month, memberId);
    if (format === 'json') return statement;
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader(
      'Content-Disposition',
      attachmentContentDisposition(`statement-${month}.csv`, 'text/csv'),
    );
    // The columns of the table on screen, in the language it is read in (the account's e-mail language may
    // differ); the PDF statement is a document sent to the member, in the member's language.
    return statementCsv(statement, language ?? caller.user.language);
  }
}
