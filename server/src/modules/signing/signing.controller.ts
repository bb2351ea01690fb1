import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import {
  type OtpSentResponse,
  type SigningPageData,
  type SigningPageStatus,
  type SignatureRequestView,
} from '@esign/shared';
import { Client, type ClientInfo } from '../../common/client-info.decorator';
import { Public, PublicWithSigningKey, type AuthenticatedRequest } from '../users/auth.guard';
import { type AuthenticatedUser } from '../users/authenticated-user';
import { SignatureQueriesService } from '../signatures/signature-queries.service';
import { SignDto } from './dto/sign.dto';
import { signingRateLimit } from './signing-rate-limit';
import { OneTimeCodeService } from './one-time-code.service';
import { SigningPageService } from './signing-page.service';
import { SigningService } from './signing.service';

@ApiTags('signing')
@Controller('signatures')
export class SigningController {
  constructor(
    private readonly page: SigningPageService,
    private readonly codes: OneTimeCodeService,
    private readonly signing: SigningService,
    private readonly queries: SignatureQueriesService,
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

  @Get(':id/otp')
  @Public()
  @Throttle({ default: { limit: signingRateLimit(1), ttl: 60_000 } })
  @ApiOperation({
    summary: 'Send the one-time code by SMS; 429 with retryAfter (ms) before the next allowed time',
  })
  sendCode(
    @Param('id') id: string,
    @Query('key') key: string | undefined,
    @Client() client: ClientInfo,
  ): Promise<OtpSentResponse> {
    return this.codes.send(id, key, client);
  }

  @Post(':id/otp')
  @Public()
  @HttpCode(200)
  @Throttle({ default: { limit: signingRateLimit(1), ttl: 60_000 } })
  @ApiOperation({ summary: 'Validate the code and sign; 400 on a wrong or expired code' })
  sign(
    @Param('id') id: string,
    @Query('key') key: string | undefined,
    @Body() input: SignDto,
    @Client() client: ClientInfo,
  ): Promise<{ status: SigningPageStatus }> {
    return this.signing.sign(id, key, input, client);
  }
}
