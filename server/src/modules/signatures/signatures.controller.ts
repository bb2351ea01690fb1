import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type ReminderResponse,
  type SignatureDetailsView,
  type SignatureDownloadResponse,
  type SignatureRequestView,
} from '@esign/shared';
import { type Response } from 'express';
import { Client, type ClientInfo } from '../../common/client-info.decorator';
import { contentRange, type ListQueryParams } from '../../common/list-query';
import { type AuthenticatedUser } from '../users/authenticated-user';
import { CurrentUser } from '../users/current-user.decorator';
import { AssigneeDto } from './dto/assignee.dto';
import { ExtendExpiryDto } from './dto/extend-expiry.dto';
import { SignatureRequestInputDto } from './dto/signature-input.dto';
import { ExpiryService } from './expiry.service';
import { parseSignatureListQuery } from './signature-list-query';
import { SignatureQueriesService } from './signature-queries.service';
import { SignatureRequestsService } from './signature-requests.service';
import { RemindersService } from './reminders.service';

@ApiTags('signatures')
@ApiBearerAuth()
@Controller('signatures')
export class SignaturesController {
  constructor(
    private readonly requests: SignatureRequestsService,
    private readonly queries: SignatureQueriesService,
    private readonly reminders: RemindersService,
    private readonly expiry: ExpiryService,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      "Requests, newest first: an agent's own (created or in their charge), the agency's for its managers, all for administrators. ra-data-simple-rest: sort, range, filter {q, status, signingMode, documentType}",
  })
  async list(
    @CurrentUser() caller: AuthenticatedUser,
    @Query() params: ListQueryParams,
    @Client() client: ClientInfo,
    @Res() response: Response,
  ): Promise<void> {
    const query = parseSignatureListQuery(params);
    const page = await this.queries.list(caller, query, client);
    response.setHeader(
      'Content-Range',
      contentRange('signatures', query.offset, page.count, page.total, page.estimated),
    );
    // The database wrote the JSON array of SignatureRequestView: sent as it is, in the bytes encoded once
    // for every call the page answers.
    response.type('json').send(page.body);
  }

  @Post()
  @ApiOperation({ summary: 'Create a request and send the invitations (INIT → IN_PROGRESS)' })
  create(
    @CurrentUser() caller: AuthenticatedUser,
    @Body() input: SignatureRequestInputDto,
    @Client() client: ClientInfo,
  ): Promise<SignatureRequestView> {
    return this.requests.create(caller, input, client);
  }

  @Get(':id/details')
  @ApiOperation({
    summary: 'A request with its signatories and its audit trail (and whether its hash chain holds)',
  })
  details(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Client() client: ClientInfo,
  ): Promise<SignatureDetailsView> {
    return this.queries.details(caller, id, client);
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Change a request while nobody has signed (also PUT); every signatory gets a new link',
  })
  update(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Body() input: SignatureRequestInputDto,
    @Client() client: ClientInfo,
  ): Promise<SignatureRequestView> {
    return this.requests.update(caller, id, input, client);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Change a request (react-admin)' })
  replace(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Body() input: SignatureRequestInputDto,
    @Client() client: ClientInfo,
  ): Promise<SignatureRequestView> {
    return this.requests.update(caller, id, input, client);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Cancel a request (CANCELLED); invited signatories are told' })
  cancel(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Client() client: ClientInfo,
  ): Promise<SignatureRequestView> {
    return this.requests.cancel(caller, id, client);
  }

  @Post(':id/reminder')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Remind the signatories who have not signed; 429 with retryAfter (ms) if too early',
  })
  remind(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Client() client: ClientInfo,
  ): Promise<ReminderResponse> {
    return this.reminders.remind(caller, id, client);
  }

  @Post(':id/expiry')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Move the expiry date of a request not yet expired `days` days later (at most 365 days from now)',
  })
  extend(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Body() input: ExtendExpiryDto,
    @Client() client: ClientInfo,
  ): Promise<SignatureRequestView> {
    return this.expiry.extend(caller, id, input.days, client);
  }

  @Post(':id/assignee')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Put another active person of the agency in charge of the request (the agency's managers only); recorded in the audit trail",
  })
  assign(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Body() input: AssigneeDto,
    @Client() client: ClientInfo,
  ): Promise<SignatureRequestView> {
    return this.requests.assign(caller, id, input.userId, client);
  }

  @Get(':id/download')
  @ApiOperation({ summary: 'A short-lived address of the signed document (SIGNED requests only)' })
  download(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<SignatureDownloadResponse> {
    return this.queries.download(caller, id);
  }
}
