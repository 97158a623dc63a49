/** The twelve zodiac signs, in order (kept apart from the phrase bank so the registry stays light). */
export const ZODIAC_SIGNS = [
  'aries', 'taurus', 'gemini', 'cancer', 'leo', 'virgo', 'libra', 'scorpio', 'sagittarius', 'capricorn', 'aquarius', 'pisces',
] as const;
export type ZodiacSign = (typeof ZODIAC_SIGNS)[number];

/** The sign's English name, capitalised ("Aries"): the live service's `sign` field. */
export const signName = (sign: ZodiacSign): string => sign[0]!.toUpperCase() + sign.slice(1);
