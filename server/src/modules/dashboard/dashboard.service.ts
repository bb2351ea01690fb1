import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import {
  type DashboardOverview,
  type DashboardView,
  type MonthlyRequests,
  type SignatureCounters,
  type TopMember,
  completionRate,
  hasAdminRights,
} from '@esign/shared';
import { CURRENT_AND_LAST_MONTH_SQL } from '../billing/billing-month';
import { BillingService } from '../billing/billing.service';
import { type AuthenticatedUser } from '../users/authenticated-user';
import { COUNTERS_SQL, OVERVIEW_SQL, REQUESTS_PER_MONTH_SQL, TOP_MEMBERS_SQL } from './dashboard-queries';

interface CounterRow {
  signed: number;
  in_progress: number;
  cancelled: number;
  declined: number;
  expired: number;
  simple: number;
  advanced: number;
  completed_this_month: number;
  completed_last_month: number;
}

interface OverviewRow {
  signatures_realised: number;
  documents_signed: number;
  active_members: number;
  deactivated_members: number;
}

/** Administrators and group members see the whole platform (spec §1); a member sees their own. */
function seesEverything(caller: AuthenticatedUser): boolean {
  return hasAdminRights({ groups: caller.groups, role: caller.user.role });
}

@Injectable()
export class DashboardService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly billing: BillingService,
  ) {}

  async dashboard(caller: AuthenticatedUser): Promise<DashboardView> {
    const everything = seesEverything(caller);
    const owner = everything ? null : caller.user.id;
    const [months] =
      await this.dataSource.query<{ current: string; last: string }[]>(CURRENT_AND_LAST_MONTH_SQL);
    if (!months) throw new Error('no clock');
    const [counters, perMonth, current, last, overview] = await Promise.all([
      this.counters(owner, months.current, months.last),
      this.dataSource.query<{ month: string; simple: number; advanced: number }[]>(REQUESTS_PER_MONTH_SQL, [
        owner,
      ]),
      this.billing.statement(months.current, owner),
      this.billing.statement(months.last, owner),
      everything ? this.overview() : Promise.resolve(null),
    ]);
    return {
      scope: everything ? 'ALL' : 'OWN',
      counterSignatureRequest: counters.counters,
      completionRate: completionRate(counters.counters),
      currentMonth: months.current,
      lastMonth: months.last,
      currentMonthCosts: current.totals.net,
      lastMonthCosts: last.totals.net,
      completedThisMonth: counters.completedThisMonth,
      completedLastMonth: counters.completedLastMonth,
      requestsPerMonth: perMonth.map((row): MonthlyRequests => ({
        month: row.month,
        SIMPLE: row.simple,
        ADVANCED: row.advanced,
      })),
      overview,
    };
  }

  private async counters(
    owner: string | null,
    currentMonth: string,
    lastMonth: string,
  ): Promise<{ counters: SignatureCounters; completedThisMonth: number; completedLastMonth: number }> {
    const [row] = await this.dataSource.query<CounterRow[]>(COUNTERS_SQL, [owner, currentMonth, lastMonth]);
    if (!row) throw new Error('no counters');
    return {
      counters: {
        SIGNED: row.signed,
        IN_PROGRESS: row.in_progress,
        CANCEL: row.cancelled,
        DECLINED: row.declined,
        EXPIRED: row.expired,
        SIMPLE: row.simple,
        ADVANCED: row.advanced,
      },
      completedThisMonth: row.completed_this_month,
      completedLastMonth: row.completed_last_month,
    };
  }

  private async overview(): Promise<DashboardOverview> {
    const [[row], top] = await Promise.all([
      this.dataSource.query<OverviewRow[]>(OVERVIEW_SQL),
      this.dataSource.query<TopMember[]>(TOP_MEMBERS_SQL),
    ]);
    if (!row) throw new Error('no overview');
    return {
      signaturesRealised: row.signatures_realised,
      documentsSigned: row.documents_signed,
      activeMembers: row.active_members,
      deactivatedMembers: row.deactivated_members,
      topMembers: top,
    };
  }
}
