/** Requests counted per status, then per type. IN_PROGRESS covers INIT and UPDATING_DOCUMENT. */
export interface SignatureCounters {
  SIGNED: number;
  IN_PROGRESS: number;
  CANCEL: number;
  DECLINED: number;
  EXPIRED: number;
  SIMPLE: number;
  ADVANCED: number;
  QUALIFIED: number;
}

/** Requests created in one Luxembourg calendar month (`yyyy-mm`), per type. */
export interface MonthlyRequests {
  month: string;
  SIMPLE: number;
  ADVANCED: number;
  QUALIFIED: number;
}

export interface TopMember {
  id: string;
  name: string;
  requests: number;
  signed: number;
}

/** What administrators and group members see besides the counters. */
export interface DashboardOverview {
  /** Signatures given by signatories. */
  signaturesRealised: number;
  /** Requests whose final document is sealed. */
  documentsSigned: number;
  activeMembers: number;
  deactivatedMembers: number;
  /** The five members with the most requests, most first. */
  topMembers: TopMember[];
}

/**
 * `GET /api/dashboard`. An agency's manager sees the agency's requests and costs, an agent their own requests
 * (created or in their charge) without costs; administrators the whole platform.
 */
export interface DashboardView {
  scope: 'OWN' | 'ALL';
  counterSignatureRequest: SignatureCounters;
  completionRate: number;
  /** `yyyy-mm` of the current Luxembourg month, and of the previous one. */
  currentMonth: string;
  lastMonth: string;
  /** Euros excluding VAT, from the metering; null for an agent (the costs are the agency's). */
  currentMonthCosts: number | null;
  lastMonthCosts: number | null;
  completedThisMonth: number;
  completedLastMonth: number;
  /** The last 12 months, oldest first, the current month last. */
  requestsPerMonth: MonthlyRequests[];
  overview: DashboardOverview | null;
}

/**
 * Signed ÷ every request (signed, in progress, cancelled, declined, expired) as a rounded percentage; 0 when
 * there is none. A declined or expired request is one that did not complete.
 */
export function completionRate(counters: RateCounters): number {
  const total = requestsInRate(counters);
  return total === 0 ? 0 : Math.round((counters.SIGNED / total) * 100);
}

type RateCounters = Pick<SignatureCounters, 'SIGNED' | 'IN_PROGRESS' | 'CANCEL'> &
  Partial<Pick<SignatureCounters, 'DECLINED' | 'EXPIRED'>>;

/** The requests the completion rate is computed over: with none, there is no rate to show. */
export function requestsInRate(counters: RateCounters): number {
  return (
    counters.SIGNED +
    counters.IN_PROGRESS +
    counters.CANCEL +
    (counters.DECLINED ?? 0) +
    (counters.EXPIRED ?? 0)
  );
}

export type CompletionRateColour = 'green' | 'orange' | 'red';

/** Green above 66, orange above 33, red otherwise. */
export function completionRateColour(rate: number): CompletionRateColour {
  if (rate > 66) return 'green';
  if (rate > 33) return 'orange';
  return 'red';
}
