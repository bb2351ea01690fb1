import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { type Response } from 'express';
import { Public } from '../../users/auth.guard';
import { signingRateLimit } from '../signing-rate-limit';
import { QualifiedSigningService } from './qualified-signing.service';

/** Only strings of a sane length are read from the provider's redirect; anything else counts as absent. */
function param(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= 2048 ? value : undefined;
}

@ApiTags('signing')
@Controller('signing/qualified')
export class QualifiedSigningController {
  constructor(private readonly qualified: QualifiedSigningService) {}

  /**
   * The redirect URI registered with the trust-service provider (CSC_REDIRECT_URI). The browser arrives
   * with the OAuth state and a code (or an error), and leaves for the provider's next page or for the
   * signing page with the outcome. Never an error page: whatever came, the signatory is told where they are.
   */
  @Get('callback')
  @Public()
  @Throttle({ default: { limit: signingRateLimit(1), ttl: 60_000 } })
  @ApiOperation({
    summary: "The trust-service provider's OAuth redirect: continues or ends a qualified signature",
  })
  async callback(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    const location = await this.qualified.answer({
      code: param(query.code),
      state: param(query.state),
      error: param(query.error),
    });
    response.setHeader('Cache-Control', 'no-store');
    response.redirect(303, location);
  }
}
