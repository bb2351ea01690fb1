import { Inject, Injectable } from '@nestjs/common';
import { type AgencyRole, type AgencyView, ErrorCode, type StaffMemberView } from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { isUuid } from '../../common/uuid';
import { AgencyStore } from './agency-store';
import { type AuthenticatedUser } from './authenticated-user';
import { type StaffInputDto } from './dto/staff-input.dto';
import { MemberAccountsService } from './member-accounts.service';
import { STAFF_REQUESTS, type StaffRequests } from './staff-requests.port';
import { type UserEntity } from './user.entity';
import { UsersService } from './users.service';

function toStaffView(user: UserEntity): StaffMemberView {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    language: user.language,
    role: user.agencyRole ?? 'AGENT',
    isDisabled: user.isDisabled,
    gdprApprovedAt: user.gdprApprovedAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * An agency as its people see it, and its staff as its managers manage them. Only a member of an agency has
 * one; only its managers invite, change roles, deactivate, reactivate and delete, and only within it.
 */
@Injectable()
export class AgencyStaffService {
  constructor(
    private readonly users: UsersService,
    private readonly accounts: MemberAccountsService,
    private readonly agencies: AgencyStore,
    @Inject(STAFF_REQUESTS) private readonly requests: StaffRequests,
  ) {}

  async agency(caller: AuthenticatedUser): Promise<AgencyView> {
    const { agencyId, agencyRole } = caller.user;
    const agency = agencyId ? await this.agencies.findById(agencyId) : null;
    if (!agency || !agencyRole) throw new AppException(ErrorCode.NOT_FOUND);
    return {
      id: agency.id,
      name: agency.name,
      company: agency.additionalInfo,
      staffCount: await this.users.staffCount(agency.id),
      role: agencyRole,
    };
  }

  async list(caller: AuthenticatedUser): Promise<StaffMemberView[]> {
    const staff = await this.users.staffOf(this.managedAgency(caller));
    return staff.map(toStaffView);
  }

  async invite(caller: AuthenticatedUser, input: StaffInputDto): Promise<StaffMemberView> {
    const agencyId = this.managedAgency(caller);
    const { role, ...person } = input;
    return toStaffView(await this.accounts.create(person, { agencyId, role }));
  }

  async changeRole(caller: AuthenticatedUser, id: string, role: AgencyRole): Promise<StaffMemberView> {
    const user = await this.staffMember(caller, id);
    return toStaffView(await this.accounts.changeRole(user, role));
  }

  async deactivate(caller: AuthenticatedUser, id: string): Promise<StaffMemberView> {
    const user = await this.staffMember(caller, id);
    return toStaffView(await this.accounts.deactivateStaff(caller, user));
  }

  async reactivate(caller: AuthenticatedUser, id: string): Promise<StaffMemberView> {
    const user = await this.staffMember(caller, id);
    return toStaffView(await this.accounts.reactivate(caller, user));
  }

  async remove(caller: AuthenticatedUser, id: string): Promise<void> {
    const user = await this.staffMember(caller, id);
    await this.accounts.removeStaff(caller, user, (userId) => this.requests.createdAny(userId));
  }

  /** The agency the caller manages: anyone else (an agent, an administrator) is refused. */
  private managedAgency(caller: AuthenticatedUser): string {
    const { agencyId, agencyRole } = caller.user;
    if (!agencyId || agencyRole !== 'MANAGER') throw new AppException(ErrorCode.FORBIDDEN);
    return agencyId;
  }

  /** Someone of the caller's agency; anyone else is the same 404 as an id that does not exist. */
  private async staffMember(caller: AuthenticatedUser, id: string): Promise<UserEntity> {
    const agencyId = this.managedAgency(caller);
    const user = isUuid(id) ? await this.users.findById(id) : null;
    if (!user || user.agencyId !== agencyId) throw new AppException(ErrorCode.NOT_FOUND);
    return user;
  }
}
