import { createAccount, type Account } from '../store/accounts';
import type { Period, Tier } from '../http/plans';
import { utcDate } from '../time/calendarDate';
import { generateApiKey, hashApiKey } from './apiKey';

export interface NewKey {
  tier: Tier;
  period: Period;
  quotaOverride?: number;
  now?: Date;
}

/** Makes an account and returns its API key: the only moment the key exists in clear. */
export async function issueApiKey({ tier, period, quotaOverride, now = new Date() }: NewKey): Promise<{ apiKey: string; account: Account }> {
  const apiKey = generateApiKey();
  const account: Account = {
    keyHash: hashApiKey(apiKey),
    tier,
    period,
    status: 'active',
    createdOn: utcDate(now),
    keyPrefix: apiKey.slice(0, 6),
    ...(quotaOverride === undefined ? {} : { quotaOverride }),
  };
  await createAccount(account);
  return { apiKey, account };
}
