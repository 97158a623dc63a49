/** The twelve zodiac signs, in order (kept apart from the phrase bank so the registry stays light). */
export const ZODIAC_SIGNS = [
  'aries', 'taurus', 'gemini', 'cancer', 'leo', 'virgo', 'libra', 'scorpio', 'sagittarius', 'capricorn', 'aquarius', 'pisces',
] as const;
export type ZodiacSign = (typeof ZODIAC_SIGNS)[number];
