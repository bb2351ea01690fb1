import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { type Request, type Response } from 'express';
import { type OtpSentResponse, type SigningPageData, type SignatureRequestView } from '@esign/shared';
import { Client, type ClientInfo } from '../../common/client-info.decorator';
import { Public, PublicWithSigningKey, type AuthenticatedRequest } from '../users/auth.guard';
import { type AuthenticatedUser } from '../users/authenticated-user';
import { SignatureQueriesService } from '../signatures/signature-queries.service';
import { DeclineService } from './decline.service';
import { DocumentDeliveryService } from './document-delivery.service';
import { SignDto } from './dto/sign.dto';
import { DeclineDto, DocumentViewedDto } from './dto/signing-page-input.dto';
import { signingRateLimit } from './signing-rate-limit';
import { OneTimeCodeService } from './one-time-code.service';
import { SigningPageService } from './signing-page.service';
import { SigningService, type SignOutcome } from './signing.service';

@ApiTags('signing')
@Controller('signatures')
export class SigningController {
  constructor(
    private readonly page: SigningPageService,
    private readonly codes: OneTimeCodeService,
    private readonly signing: SigningService,
    private readonly queries: SignatureQueriesService,
    private readonly deliveries: DocumentDeliveryService,
    private readonly declines: DeclineService,
  ) {}

  @Get(':id')
  @PublicWithSigningKey()
  @Throttle({ default: { limit: signingRateLimit(6), ttl: 60_000 } })
  @ApiQuery({
    name: 'key',
    required: false,
    description: 'The signing-link key (signatories); members use their token',
  })
  @ApiOperation({
    summary: 'A signatory: the signing page data (with ?key=). A member: one of their requests.',
  })
  get(
    @Param('id') id: string,
    @Query('key') key: string | undefined,
    @Req() request: AuthenticatedRequest,
    @Client() client: ClientInfo,
  ): Promise<SigningPageData | SignatureRequestView> {
    if (typeof key === 'string') return this.page.pageData(id, key, client);
    return this.queries.view(request.user as AuthenticatedUser, id, client);
  }

  @Get(':id/document')
  @Public()
  @Throttle({ default: { limit: signingRateLimit(3), ttl: 60_000 } })
  @ApiOperation({
    summary:
      "A signatory: the document as it stands (the sealed one once SIGNED), through the link; each delivery is recorded with the bytes' SHA-256",
  })
  async document(
    @Param('id') id: string,
    @Query('key') key: string | undefined,
    @Client() client: ClientInfo,
    @Req() incoming: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.deliveries.deliver(id, key, client, incoming, response);
  }

  @Post(':id/viewed')
  @Public()
  @HttpCode(200)
  @Throttle({ default: { limit: signingRateLimit(3), ttl: 60_000 } })
  @ApiOperation({
    summary:
      'The signing page rendered the document: the SHA-256 of the bytes rendered (bytes this link received), the page count, when',
  })
  viewed(
    @Param('id') id: string,
    @Query('key') key: string | undefined,
    @Body() input: DocumentViewedDto,
    @Client() client: ClientInfo,
  ): Promise<{ recordedAt: string }> {
    return this.deliveries.recordView(id, key, input, client);
  }

  @Post(':id/decline')
  @Public()
  @HttpCode(200)
  @Throttle({ default: { limit: signingRateLimit(1), ttl: 60_000 } })
  @ApiOperation({
    summary: 'Decline to sign with a reason (3 to 500 characters): the request becomes DECLINED',
  })
  decline(
    @Param('id') id: string,
    @Query('key') key: string | undefined,
    @Body() input: DeclineDto,
    @Client() client: ClientInfo,
  ): Promise<{ status: 'DECLINED'; declinedAt: string }> {
    return this.declines.decline(id, key, input, client);
  }

  @Get(':id/otp')
  @Public()
  @Throttle({ default: { limit: signingRateLimit(1), ttl: 60_000 } })
  @ApiQuery({ name: 'language', required: false, description: "The page's language: the SMS is in it" })
  @ApiOperation({
    summary:
      'Send the one-time code by SMS (409 DOCUMENT_NOT_DELIVERED before the link received the current document and its page reported displaying it); 429 with retryAfter (ms) before the next allowed time',
  })
  sendCode(
    @Param('id') id: string,
    @Query('key') key: string | undefined,
    @Query('language') language: string | undefined,
    @Client() client: ClientInfo,
  ): Promise<OtpSentResponse> {
    return this.codes.send(id, key, client, language);
  }

  @Post(':id/otp')
  @Public()
  @HttpCode(200)
  @Throttle({ default: { limit: signingRateLimit(1), ttl: 60_000 } })
  @ApiOperation({
    summary:
      'Validate the code and sign; 400 on a wrong or expired code. QUALIFIED: answers the provider page to go to (qualifiedAuthorisationUrl); 503 when the provider does not answer, the code kept',
  })
  sign(
    @Param('id') id: string,
    @Query('key') key: string | undefined,
    @Body() input: SignDto,
    @Client() client: ClientInfo,
  ): Promise<SignOutcome> {
    return this.signing.sign(id, key, input, client);
  }
}
