import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type DashboardView } from '@esign/shared';
import { type AuthenticatedUser } from '../users/authenticated-user';
import { CurrentUser } from '../users/current-user.decorator';
import { DashboardService } from './dashboard.service';

@ApiTags('dashboard')
@ApiBearerAuth()
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly dashboards: DashboardService) {}

  @Get()
  @ApiOperation({
    summary:
      'Counters, completion rate, costs of this and last month (euros excl. VAT) and requests per month; administrators and group members: the whole platform and an overview',
  })
  dashboard(@CurrentUser() caller: AuthenticatedUser): Promise<DashboardView> {
    return this.dashboards.dashboard(caller);
  }
}
