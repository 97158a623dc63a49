/**
 * Deterministic daily horoscope: the sign and date seed a small PRNG that picks one phrase per slot
 * (opening, one or two areas of life, advice, lucky closing), so the same sign and date always read the same.
 */
import { ADVICE, CLOSINGS, LIFE_AREAS, LIFE_AREA_NAMES, LUCKY_COLOURS, OPENINGS, SIGN_FACTS } from './phrases';
import type { SignFacts } from './phrases';
import { fnv1a, mulberry32 } from '../text/seededRandom';
import { isCalendarDate } from '../time/calendarDate';
import type { ZodiacSign } from './signs';

export { ZODIAC_SIGNS, type ZodiacSign } from './signs';

type Random = () => number;

/** A 4 or 5 sentence horoscope for `sign` on `date` (YYYY-MM-DD). */
export function composeHoroscope(sign: ZodiacSign, date: string): string {
  requireIsoDate(date);
  const random = mulberry32(fnv1a(`${sign}|${date}`));
  const facts = SIGN_FACTS[sign];
  const values = { ...placeholderValues(facts), number: String(1 + Math.floor(random() * 99)), colour: pick(LUCKY_COLOURS, random) };
  const sentences = [pick(OPENINGS, random), ...pickLifeAreas(random), pick(ADVICE, random), pick(CLOSINGS, random)];
  return sentences.map((sentence) => capitalise(fill(sentence, values))).join(' ');
}

function requireIsoDate(date: string): void {
  if (!isCalendarDate(date)) throw new RangeError(`Expected a calendar date as YYYY-MM-DD, got '${date}'`);
}

function placeholderValues(facts: SignFacts): Record<string, string> {
  return { sign: facts.name, planet: facts.planet, element: facts.element, trait: facts.trait };
}

/** One area of life, or on about a third of days two different ones. */
function pickLifeAreas(random: Random): string[] {
  const first = pick(LIFE_AREA_NAMES, random);
  const chosen = [first];
  if (random() < 0.35) chosen.push(pick(LIFE_AREA_NAMES.filter((area) => area !== first), random));
  return chosen.map((area) => pick(LIFE_AREAS[area], random));
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Unknown placeholder ${placeholder} in horoscope phrase`);
    return value;
  });
}

function capitalise(sentence: string): string {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

function pick<T>(items: readonly T[], random: Random): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('Cannot pick from an empty phrase list');
  return item;
}
