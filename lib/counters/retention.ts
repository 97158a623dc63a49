import type { Retention } from '../store/counters';
import type { Tier } from '../http/plans';

const DAY = 86_400;

/** Spec part 3: free counters live 14 days from creation; premium ones until 180 days without activity. */
export function counterRetention(tier: Tier): Retention {
  return tier === 'free' ? { kind: 'fixed', seconds: 14 * DAY } : { kind: 'sliding', seconds: 180 * DAY };
}
