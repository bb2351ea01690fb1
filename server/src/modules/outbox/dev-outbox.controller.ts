import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorCode, type OutboxMessageView } from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { AdminOnly } from '../users/auth.guard';
import { OutboxService } from './outbox.service';

/** Development only: mounted while no real e-mail or SMS provider is configured. */
@ApiTags('development')
@ApiBearerAuth()
@AdminOnly()
@Controller('dev/outbox')
export class DevOutboxController {
  constructor(private readonly outbox: OutboxService) {}

  @Get()
  @ApiOperation({
    summary: 'The newest e-mails and SMS sent to an address (embedded mode only, administrators)',
  })
  async list(@Query('to') to?: string): Promise<OutboxMessageView[]> {
    if (!to || to.trim().length < 3)
      throw new AppException(ErrorCode.VALIDATION_FAILED, { to: 'validation.isNotEmpty' });
    return this.outbox.newestFor(to);
  }
}
