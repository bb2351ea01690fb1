import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type BillingStatement, ErrorCode, type PriceListView } from '@esign/shared';
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
import { isUuid } from '../../common/uuid';

@ApiTags('billing')
@ApiBearerAuth()
@Controller('billing')
export class BillingController {
  constructor(
    private readonly billing: BillingService,
    private readonly prices: PriceListsService,
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

  @Get(':period')
  @ApiOperation({
    summary:
      'The statement of a Luxembourg month, `yyyy-mm` (JSON) or `yyyy-mm.csv`. Administrators: everyone, or `?memberId=`; members: their own',
  })
  async statement(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('period') period: string,
    @Query('memberId') memberId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<BillingStatement | string> {
    const { month, csv } = parseStatementPath(period);
    if (memberId !== undefined && !isUuid(memberId)) throw new AppException(ErrorCode.NOT_FOUND);
    const statement = await this.billing.statementFor(caller, month, memberId);
    if (!csv) return statement;
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader(
      'Content-Disposition',
      attachmentContentDisposition(`statement-${month}.csv`, 'text/csv'),
    );
    return statementCsv(statement, caller.user.language);
  }
}
