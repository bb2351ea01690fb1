import {
  type BillingAmounts,
  type BillingLine,
  type BillingLineKind,
  type BillingStatement,
  type MemberBillingTotals,
  centsToEuros,
} from '@esign/shared';

/** One group of identical charges, as the database sums them: a quantity at one unit price and VAT rate. */
export interface ChargeGroup {
  memberId: string;
  memberName: string;
  memberEmail: string;
  kind: BillingLineKind;
  quantity: number;
  unitPriceCents: number;
  vatBasisPoints: number;
}

interface CentAmounts {
  net: number;
  vat: number;
  gross: number;
}

/** VAT per line, rounded half up to the cent (amounts are never negative). */
function lineCents(group: ChargeGroup): CentAmounts {
  const net = group.quantity * group.unitPriceCents;
  const vat = Math.round((net * group.vatBasisPoints) / 10_000);
  return { net, vat, gross: net + vat };
}

function add(a: CentAmounts, b: CentAmounts): CentAmounts {
  return { net: a.net + b.net, vat: a.vat + b.vat, gross: a.gross + b.gross };
}

function toEuros(amounts: CentAmounts): BillingAmounts {
  return {
    net: centsToEuros(amounts.net),
    vat: centsToEuros(amounts.vat),
    gross: centsToEuros(amounts.gross),
  };
}

const ZERO: CentAmounts = { net: 0, vat: 0, gross: 0 };

/** Lines, per-member subtotals and totals, summed in cents and only then turned into euros. */
export function buildStatement(
  month: string,
  memberId: string | null,
  groups: ChargeGroup[],
): BillingStatement {
  const lines: BillingLine[] = [];
  const perMember = new Map<string, { name: string; cents: CentAmounts }>();
  let total = ZERO;
  for (const group of groups) {
    const cents = lineCents(group);
    lines.push({
      memberId: group.memberId,
      memberName: group.memberName,
      memberEmail: group.memberEmail,
      kind: group.kind,
      quantity: group.quantity,
      unitPrice: centsToEuros(group.unitPriceCents),
      vatRatePercent: group.vatBasisPoints / 100,
      ...toEuros(cents),
    });
    const member = perMember.get(group.memberId) ?? { name: group.memberName, cents: ZERO };
    perMember.set(group.memberId, { name: member.name, cents: add(member.cents, cents) });
    total = add(total, cents);
  }
  const members: MemberBillingTotals[] = [...perMember].map(([id, member]) => ({
    memberId: id,
    memberName: member.name,
    ...toEuros(member.cents),
  }));
  return { month, currency: 'EUR', memberId, lines, members, totals: toEuros(total) };
}
