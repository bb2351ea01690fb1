import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import { type BillingLineKind, type BillingStatement, ErrorCode } from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { type AuthenticatedUser, isAdmin } from '../users/authenticated-user';
import { UsersService } from '../users/users.service';
import { monthEndSql, monthStartSql } from './billing-month';
import { buildStatement, type ChargeGroup } from './billing-statement';

interface ChargeRow {
  member_id: string;
  member_name: string | null;
  member_email: string | null;
  kind: BillingLineKind;
  quantity: number;
  unit_price_cents: number;
  vat_basis_points: number;
}

// Each line is an agency's (its id is its first manager's): named as that account, or, once it is gone, as
// the agency.
const MEMBER_NAME = `coalesce(nullif(trim(u.name), ''), u.additional_info->'company'->>'name', u.email, ag.name)`;

// $1 month (yyyy-mm), $2 member id or NULL for everyone.
const METERED_SQL = `
  SELECT e.member_id, ${MEMBER_NAME} AS member_name, u.email AS member_email, e.kind,
         count(*)::int AS quantity, e.unit_price_cents, e.vat_basis_points
    FROM billing_event e LEFT JOIN app_user u ON u.id = e.member_id LEFT JOIN agency ag ON ag.id = e.member_id
   WHERE e.occurred_at >= ${monthStartSql('$1::text')} AND e.occurred_at < ${monthEndSql('$1::text')}
     AND ($2::uuid IS NULL OR e.member_id = $2::uuid)
   GROUP BY e.member_id, u.name, u.additional_info, u.email, ag.name, e.kind, e.unit_price_cents, e.vat_basis_points`;

// The fee is owed by every member account active at some moment of the month ($2: the users module keeps
// those periods), so deactivating or deleting an account later never rewrites a month. The fee is the one of
// the list in force on the month's first day: a list taking effect mid-month changes the fee from the next
// month on, never a month already begun.
const MONTHLY_FEE_SQL = `
  SELECT a.member_id, ${MEMBER_NAME} AS member_name, u.email AS member_email, 'MONTHLY_FEE' AS kind,
         1 AS quantity, p.member_monthly_fee_cents AS unit_price_cents, p.vat_basis_points
    FROM unnest($2::uuid[]) AS a(member_id)
    LEFT JOIN app_user u ON u.id = a.member_id
    LEFT JOIN agency ag ON ag.id = a.member_id,
         LATERAL (SELECT member_monthly_fee_cents, vat_basis_points FROM price_list
                   WHERE effective_from <= ($1::text || '-01')::date
                   ORDER BY effective_from DESC LIMIT 1) p
   WHERE p.member_monthly_fee_cents IS NOT NULL`;

const MONTH_BOUNDS_SQL = `SELECT ${monthStartSql('$1::text')} AS "from", ${monthEndSql('$1::text')} AS until`;

const KIND_ORDER: Record<BillingLineKind, number> = {
  MONTHLY_FEE: 0,
  REQUEST_SIMPLE: 1,
  REQUEST_ADVANCED: 2,
  REQUEST_QUALIFIED: 3,
  SMS: 4,
};

function compareGroups(a: ChargeGroup, b: ChargeGroup): number {
  return (
    a.memberName.localeCompare(b.memberName) ||
    a.memberId.localeCompare(b.memberId) ||
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
    a.unitPriceCents - b.unitPriceCents
  );
}

function toGroup(row: ChargeRow): ChargeGroup {
  return {
    memberId: row.member_id,
    memberName: row.member_name ?? row.member_id,
    memberEmail: row.member_email ?? '',
    kind: row.kind,
    quantity: row.quantity,
    unitPriceCents: row.unit_price_cents,
    vatBasisPoints: row.vat_basis_points,
  };
}

/** Monthly statements: administrators read anyone's (or everyone's), a member only their own. */
@Injectable()
export class BillingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
  ) {}

  /**
   * Whose statement the caller may read: an agency's managers read the agency's (its id is the `memberId`),
   * an agent none (403); asking for someone else's gets the same 404 as a stranger.
   */
  scopeFor(caller: AuthenticatedUser, requestedMemberId: string | undefined): string | null {
    if (isAdmin(caller)) return requestedMemberId ?? null;
    const { agencyId, agencyRole } = caller.user;
    if (agencyRole === 'AGENT') throw new AppException(ErrorCode.FORBIDDEN);
    const own = agencyId ?? caller.user.id;
    if (requestedMemberId !== undefined && requestedMemberId !== own) {
      throw new AppException(ErrorCode.NOT_FOUND);
    }
    return own;
  }

  async statementFor(caller: AuthenticatedUser, month: string, memberId?: string): Promise<BillingStatement> {
    const scope = this.scopeFor(caller, memberId);
    if (scope !== null && isAdmin(caller)) await this.assertMemberExists(scope);
    return this.statement(month, scope);
  }

  /** The month's statement, for one member or (`null`) everyone. */
  async statement(month: string, memberId: string | null): Promise<BillingStatement> {
    const [metered, active] = await Promise.all([
      this.dataSource.query<ChargeRow[]>(METERED_SQL, [month, memberId]),
      this.activeMembers(month, memberId),
    ]);
    const fees = await this.dataSource.query<ChargeRow[]>(MONTHLY_FEE_SQL, [month, active]);
    const groups = [...fees, ...metered].map(toGroup).sort(compareGroups);
    return buildStatement(month, memberId, groups);
  }

  private async activeMembers(month: string, memberId: string | null): Promise<string[]> {
    const [bounds] = await this.dataSource.query<{ from: Date; until: Date }[]>(MONTH_BOUNDS_SQL, [month]);
    if (!bounds) return [];
    return this.users.activeDuring(bounds.from, bounds.until, memberId);
  }

  private async assertMemberExists(id: string): Promise<void> {
    if (await this.users.findById(id)) return;
    // A deleted account's billing records outlive it.
    const rows = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM billing_event WHERE member_id = $1::uuid LIMIT 1`,
      [id],
    );
    if (rows.length === 0) throw new AppException(ErrorCode.NOT_FOUND);
  }
}
