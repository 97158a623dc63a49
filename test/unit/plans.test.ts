import { ACCESS, billingPeriod, type Plan } from '../../lib/http/plans';

describe('billing month', () => {
  test('starts on the creation day of month and resets on the same day next month', () => {
    const period = billingPeriod('2026-03-15', new Date('2026-11-21T10:00:00Z'));
    expect(period).toMatchObject({ start: '2026-11-15', reset: '2026-12-15' });
  });

  test('before the creation day the month began in the previous calendar month', () => {
    const period = billingPeriod('2026-03-25', new Date('2026-11-21T10:00:00Z'));
    expect(period).toMatchObject({ start: '2026-10-25', reset: '2026-11-25' });
    expect(period.secondsToReset).toBe(4 * 86_400 - 10 * 3_600);
  });

  test('an account made on the 31st resets on the last day of shorter months', () => {
    expect(billingPeriod('2026-01-31', new Date('2026-02-10T00:00:00Z'))).toMatchObject({ start: '2026-01-31', reset: '2026-02-28' });
    expect(billingPeriod('2026-01-31', new Date('2026-03-01T00:00:00Z'))).toMatchObject({ start: '2026-02-28', reset: '2026-03-31' });
    expect(billingPeriod('2027-12-31', new Date('2028-02-29T12:00:00Z'))).toMatchObject({ start: '2028-02-29', reset: '2028-03-31' });
  });

  test('crosses the year end', () => {
    expect(billingPeriod('2026-05-20', new Date('2026-12-25T00:00:00Z'))).toMatchObject({ start: '2026-12-20', reset: '2027-01-20' });
    expect(billingPeriod('2026-05-20', new Date('2027-01-05T00:00:00Z'))).toMatchObject({ start: '2026-12-20', reset: '2027-01-20' });
  });
});

describe('access labels', () => {
  const plans: Plan[] = [
    { tier: 'free', period: 'month' },
    { tier: 'free', period: 'year' },
    { tier: 'developer', period: 'month' },
    { tier: 'developer', period: 'year' },
    { tier: 'business', period: 'month' },
    { tier: 'professional', period: 'month' },
    { tier: 'enterprise', period: 'year' },
  ];
  const allowed = (access: keyof typeof ACCESS) => plans.filter((p) => ACCESS[access].allows(p)).map((p) => `${p.tier}/${p.period}`);

  test('follow the CONTRACT plan table', () => {
    expect(allowed('premium')).toEqual(['developer/month', 'developer/year', 'business/month', 'professional/month', 'enterprise/year']);
    expect(allowed('developer')).toEqual(allowed('premium'));
    expect(allowed('business')).toEqual(['business/month', 'professional/month', 'enterprise/year']);
    expect(allowed('businessOrAnnual')).toEqual(['developer/year', 'business/month', 'professional/month', 'enterprise/year']);
    expect(allowed('analytics')).toEqual(['professional/month', 'enterprise/year']);
    expect(allowed('all')).toHaveLength(plans.length);
  });
});
