import { ZODIAC_SIGNS, composeHoroscope } from '../../lib/horoscope/horoscope';
import { ADVICE, CLOSINGS, LIFE_AREAS, OPENINGS } from '../../lib/horoscope/phrases';

function daysOf(year: number): string[] {
  const days: string[] = [];
  for (let day = new Date(Date.UTC(year, 0, 1)); day.getUTCFullYear() === year; day.setUTCDate(day.getUTCDate() + 1)) {
    days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+/);
}

describe('composeHoroscope', () => {
  test('returns the same text for the same sign and date', () => {
    // Prepare
    const sign = 'libra';
    const date = '2025-06-01';

    // Act
    const first = composeHoroscope(sign, date);
    const second = composeHoroscope(sign, date);

    // Assess
    expect(second).toBe(first);
  });

  test('reads differently on consecutive days', () => {
    // Prepare
    const sign = 'aries';

    // Act
    const monday = composeHoroscope(sign, '2025-06-02');
    const tuesday = composeHoroscope(sign, '2025-06-03');

    // Assess
    expect(tuesday).not.toBe(monday);
  });

  test('gives each sign its own text on the same day', () => {
    // Prepare
    const date = '2025-06-02';

    // Act
    const texts = ZODIAC_SIGNS.map((sign) => composeHoroscope(sign, date));

    // Assess
    expect(new Set(texts).size).toBe(ZODIAC_SIGNS.length);
  });

  test('rarely repeats a full text across a year for one sign', () => {
    // Prepare
    const days = daysOf(2025);

    // Act
    const texts = days.map((date) => composeHoroscope('virgo', date));

    // Assess
    expect(days).toHaveLength(365);
    expect(new Set(texts).size).toBeGreaterThanOrEqual(300);
  });

  test.each(ZODIAC_SIGNS)('writes a complete 4 or 5 sentence text for %s every day of a leap year', (sign) => {
    // Prepare
    const days = daysOf(2024);

    // Act
    const texts = days.map((date) => composeHoroscope(sign, date));

    // Assess
    for (const text of texts) {
      expect(text).not.toMatch(/undefined|null|NaN|[{}]/);
      expect(text).toBe(text.trim());
      expect(text).not.toMatch(/\s{2}/);
      expect(sentencesOf(text).length).toBeGreaterThanOrEqual(4);
      expect(sentencesOf(text).length).toBeLessThanOrEqual(5);
      for (const sentence of sentencesOf(text)) expect(sentence).toMatch(/^[A-Z].*[.!?]$/);
    }
  });

  test('weaves in the sign’s own ruling planet and element on some days', () => {
    // Prepare
    const days = daysOf(2025);

    // Act
    const texts = days.map((date) => composeHoroscope('scorpio', date)).join('\n');

    // Assess
    expect(texts).toContain('Pluto');
    expect(texts).toContain('water');
    expect(texts).toContain('Scorpio');
    expect(texts).not.toContain('Saturn');
  });

  test.each(['2025-02-30', '2025-6-1', 'yesterday', ''])('rejects the malformed date %j', (date) => {
    // Prepare: the argument

    // Act
    const compose = () => composeHoroscope('leo', date);

    // Assess
    expect(compose).toThrow(RangeError);
  });
});

describe('the horoscope phrase bank', () => {
  test('offers at least 20 variants in every slot', () => {
    // Prepare
    const areaSentences = Object.values(LIFE_AREAS).flat();

    // Act
    const sizes = [OPENINGS.length, areaSentences.length, ADVICE.length, CLOSINGS.length];

    // Assess
    for (const size of sizes) expect(size).toBeGreaterThanOrEqual(20);
  });

  test('holds exactly one sentence per phrase and no duplicates', () => {
    // Prepare
    const phrases = [...OPENINGS, ...Object.values(LIFE_AREAS).flat(), ...ADVICE, ...CLOSINGS];

    // Act
    const multiSentence = phrases.filter((phrase) => sentencesOf(phrase).length !== 1);

    // Assess
    expect(multiSentence).toEqual([]);
    expect(new Set(phrases).size).toBe(phrases.length);
  });
});
