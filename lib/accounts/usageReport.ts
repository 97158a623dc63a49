import { billingPeriod } from '../http/plans';
import type { Account } from '../store/accounts';
import { monthUsage } from '../store/usage';

/** The /v1/analytics answer: the account and its calls in the current billing month, per day and API. */
export async function usageReport(account: Account, apiKey: string, now: Date) {
  const period = billingPeriod(account.createdOn, now);
  const usage = await monthUsage(account.keyHash, period.start);
  return {
    api_key: apiKey,
    account_creation_date: account.createdOn,
    subscription_tier: account.tier,
    subscription_period: account.period,
    api_reset_date: period.reset,
    current_month_usage: usage.calls,
    api_call_history: usage.history,
  };
}
