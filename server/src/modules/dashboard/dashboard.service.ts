import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import {
  type DashboardOverview,
  type DashboardView,
  type MonthlyRequests,
  type TopMember,
  completionRate,
  hasAdminRights,
} from '@esign/shared';
import { CURRENT_AND_LAST_MONTH_SQL } from '../billing/billing-month';
import { BillingService } from '../billing/billing.service';
import { SignatureStatistics } from '../signatures/signature-statistics';
import { type AuthenticatedUser } from '../users/authenticated-user';
import { UsersService } from '../users/users.service';

const TOP_MEMBERS = 5;

/** Administrators and group members see the whole platform; a member sees their agency's. */
function seesEverything(caller: AuthenticatedUser): boolean {
  return hasAdminRights({ groups: caller.groups, role: caller.user.role });
}

/** Most requests first, then most sealed, then by name: the order the overview lists members in. */
function byActivity(a: TopMember, b: TopMember): number {
  return b.requests - a.requests || b.signed - a.signed || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** The dashboards, put together from what the signatures, billing and users modules each keep. */
@Injectable()
export class DashboardService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly billing: BillingService,
    private readonly statistics: SignatureStatistics,
    private readonly users: UsersService,
  ) {}

  async dashboard(caller: AuthenticatedUser): Promise<DashboardView> {
    const everything = seesEverything(caller);
    // A member's agency; an agent sees their own requests (created or in their charge) and no costs.
    const owner = everything ? null : (caller.user.agencyId ?? caller.user.id);
    const agent = !everything && caller.user.agencyRole === 'AGENT';
    const person = agent ? caller.user.id : null;
    const [months] =
      await this.dataSource.query<{ current: string; last: string }[]>(CURRENT_AND_LAST_MONTH_SQL);
    if (!months) throw new Error('no clock');
    const [counts, perMonth, current, last, overview] = await Promise.all([
      this.statistics.counts(owner, months.current, months.last, person),
      this.statistics.perMonth(owner, person),
      agent ? null : this.billing.statement(months.current, owner),
      agent ? null : this.billing.statement(months.last, owner),
      everything ? this.overview() : Promise.resolve(null),
    ]);
    return {
      scope: everything ? 'ALL' : 'OWN',
      counterSignatureRequest: counts.counters,
      completionRate: completionRate(counts.counters),
      currentMonth: months.current,
      lastMonth: months.last,
      currentMonthCosts: current?.totals.net ?? null,
      lastMonthCosts: last?.totals.net ?? null,
      completedThisMonth: counts.completedThisMonth,
      completedLastMonth: counts.completedLastMonth,
      requestsPerMonth: perMonth.map((row): MonthlyRequests => ({
        month: row.month,
        SIMPLE: row.simple,
        ADVANCED: row.advanced,
        QUALIFIED: row.qualified,
      })),
      overview,
    };
  }

  private async overview(): Promise<DashboardOverview> {
    const [totals, members, owners] = await Promise.all([
      this.statistics.platformTotals(),
      this.users.memberCounts(),
      this.statistics.perOwner(),
    ]);
    const names = await this.users.displayNames(owners.map((owner) => owner.ownerId));
    const top = owners
      .map((owner): TopMember => ({
        id: owner.ownerId,
        name: names.get(owner.ownerId) ?? '',
        requests: owner.requests,
        signed: owner.signed,
      }))
      .sort(byActivity)
      .slice(0, TOP_MEMBERS);
    return {
      signaturesRealised: totals.signaturesRealised,
      documentsSigned: totals.documentsSigned,
      activeMembers: members.active,
      deactivatedMembers: members.deactivated,
      topMembers: top,
    };
  }
}
