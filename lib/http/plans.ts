/** Plans, access labels and the billing month: the one place these rules live. */
import { utcDate } from '../time/calendarDate';
export const TIERS = ['free', 'developer', 'business', 'professional', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];
export const PERIODS = ['month', 'year'] as const;
export type Period = (typeof PERIODS)[number];

/** Calls per billing month. */
export const MONTHLY_QUOTA: Record<Tier, number> = {
  free: 10_000,
  developer: 100_000,
  business: 1_000_000,
  professional: 2_000_000,
  enterprise: 10_000_000,
};

export interface Plan {
  tier: Tier;
  period: Period;
}

/** The spec's access labels (spec part 5, CONTRACT "Plans"). */
export const ACCESS = {
  public: { label: 'no key', allows: () => true },
  all: { label: 'all plans', allows: () => true },
  premium: { label: 'Premium (any paid plan)', allows: (p: Plan) => p.tier !== 'free' },
  developer: { label: 'Developer tier and above', allows: (p: Plan) => rank(p.tier) >= rank('developer') },
  business: { label: 'Business tier and above', allows: (p: Plan) => rank(p.tier) >= rank('business') },
  businessOrAnnual: {
    label: 'Business tier and above, or a paid annual plan',
    allows: (p: Plan) => rank(p.tier) >= rank('business') || (p.tier !== 'free' && p.period === 'year'),
  },
  analytics: {
    label: 'Professional or Enterprise',
    allows: (p: Plan) => p.tier === 'professional' || p.tier === 'enterprise',
  },
} as const;
export type Access = keyof typeof ACCESS;

function rank(tier: Tier): number {
  return TIERS.indexOf(tier);
}

export function isTier(value: string): value is Tier {
  return (TIERS as readonly string[]).includes(value);
}

export function isPeriod(value: string): value is Period {
  return (PERIODS as readonly string[]).includes(value);
}

function anchorDay(year: number, month: number, day: number): Date {
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(day, lastDay)));
}

export interface BillingPeriod {
  /** first day of the current billing month (YYYY-MM-DD) */
  start: string;
  /** first day of the next one: the `api_reset_date` (YYYY-MM-DD) */
  reset: string;
  /** seconds from `now` until the reset (00:00 UTC of the reset day) */
  secondsToReset: number;
}

/**
 * The billing month runs from the account's creation day-of-month to the same day next month
 * (clamped to the month's last day: an account made on the 31st resets on 28 February).
 */
export function billingPeriod(createdOn: string, now: Date): BillingPeriod {
  const day = Number(createdOn.slice(8, 10));
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  let start = anchorDay(y, m, day);
  if (start.getTime() > now.getTime()) start = anchorDay(y, m - 1, day);
  const reset = anchorDay(start.getUTCFullYear(), start.getUTCMonth() + 1, day);
  return {
    start: utcDate(start),
    reset: utcDate(reset),
    secondsToReset: Math.max(1, Math.ceil((reset.getTime() - now.getTime()) / 1000)),
  };
}
