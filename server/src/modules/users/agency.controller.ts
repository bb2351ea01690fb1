import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AgencyView, type StaffMemberView } from '@esign/shared';
import { AgencyStaffService } from './agency-staff.service';
import { type AuthenticatedUser } from './authenticated-user';
import { CurrentUser } from './current-user.decorator';
import { StaffInputDto, StaffRoleDto } from './dto/staff-input.dto';

@ApiTags('agency')
@ApiBearerAuth()
@Controller('agency')
export class AgencyController {
  constructor(private readonly staff: AgencyStaffService) {}

  @Get()
  @ApiOperation({
    summary: "The caller's agency: its company data, how many people it has, the caller's role",
  })
  agency(@CurrentUser() caller: AuthenticatedUser): Promise<AgencyView> {
    return this.staff.agency(caller);
  }

  @Get('staff')
  @ApiOperation({ summary: "The agency's people, active and deactivated (managers only)" })
  list(@CurrentUser() caller: AuthenticatedUser): Promise<StaffMemberView[]> {
    return this.staff.list(caller);
  }

  @Post('staff')
  @ApiOperation({
    summary:
      'Invite someone as MANAGER or AGENT (managers only): an account with a temporary password and the welcome e-mail in their language; 409 if the e-mail has an account',
  })
  invite(@CurrentUser() caller: AuthenticatedUser, @Body() input: StaffInputDto): Promise<StaffMemberView> {
    return this.staff.invite(caller, input);
  }

  @Post('staff/:id')
  @HttpCode(200)
  @ApiOperation({ summary: "Change someone's role (managers only); the last active manager stays one (409)" })
  changeRole(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Body() input: StaffRoleDto,
  ): Promise<StaffMemberView> {
    return this.staff.changeRole(caller, id, input.role);
  }

  @Delete('staff/:id')
  @ApiOperation({
    summary:
      'Delete a deactivated person who created no request (managers only); never the last active manager (409)',
  })
  async remove(@CurrentUser() caller: AuthenticatedUser, @Param('id') id: string): Promise<{ id: string }> {
    await this.staff.remove(caller, id);
    return { id };
  }

  @Post('staff/:id/access')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reactivate someone of the agency (managers only)' })
  reactivate(@CurrentUser() caller: AuthenticatedUser, @Param('id') id: string): Promise<StaffMemberView> {
    return this.staff.reactivate(caller, id);
  }

  @Delete('staff/:id/access')
  @ApiOperation({
    summary:
      'Deactivate someone of the agency (managers only): refused at once, even with a valid token; never the last active manager (409)',
  })
  deactivate(@CurrentUser() caller: AuthenticatedUser, @Param('id') id: string): Promise<StaffMemberView> {
    return this.staff.deactivate(caller, id);
  }
}
