import { assignBases, matchOptdAirline, parseOptdAirlines, sameAirlineName, type OptdAirline } from '../../lib/aviation/airlineBases';
import type { AirlineEntry } from '../../lib/aviation/types';

const entry = (name: string, iata: string | null, icao: string | null, active = true): AirlineEntry => ({
  name, country: null, year_created: null, base: null, iata, icao, fleet: null, logo_url: null, brandmark_url: null, tail_logo_url: null, active,
});
const optd = (names: string[], icao: string | null, iata: string | null, bases: string[]): OptdAirline => ({ names, icao, iata, bases });

describe('the name check', () => {
  test.each([
    ['K D Air Corporation', 'KD Air'],
    ['United Parcel Service', 'UPS Airlines'],
    ['Royal Nepal Airlines', 'Nepal Airlines'],
    ['Nouvel Air Tunisie', 'Nouvelair'],
    ['Heli-Air-Monaco', 'Heli Air Monaco'],
    ['Aero Calafia', 'Aéreo Calafia'],
  ])('takes %s and %s for the same airline', (a, b) => {
    expect(sameAirlineName(a, b)).toBe(true);
  });

  test.each([
    // codes handed on: America West's AWE is US Airways in OPTD, Tuninter's TUI is TUIfly's, Spurling's ASL Air Serbia's
    ['America West Airlines', 'US Airways'],
    ['Tuninter', 'TUIfly'],
    ['Spurling Aviation', 'Air Serbia'],
    // words that say "airline" are no evidence
    ['Kharkiv Airlines', 'Aloha Airlines'],
    ['Aerosvit Airlines', 'Viva Airlines Peru'],
  ])('refuses %s and %s', (a, b) => {
    expect(sameAirlineName(a, b)).toBe(false);
  });
});

describe('reading optd_airlines.csv', () => {
  test('keeps the current records (no env_id, no validity_to) with their names and three-letter base codes', () => {
    // Prepare: the real header; a current record, a closed one, and one with an ICAO airport code among its bases
    const header = 'pk^env_id^validity_from^validity_to^3char_code^2char_code^num_code^name^name2^alliance_code^alliance_status^type^wiki_link^flt_freq^alt_names^bases^key^version^parent_pk_list^successor_pk_list';
    const text = [
      header,
      'air-air-serbia-v1^^2013-10-26^^ASL^JU^115^Air Serbia^^^^^https://en.wikipedia.org/wiki/Air_Serbia^16858^en|Air Serbia|p=en|Jat Airways|h^BEG^air-air-serbia^1^^',
      'air-hs-aviation-v1^^^2023-08-30^APF^HP^0^Amapola Flyg^^^^^^^en|Amapola Flyg|^^air-hs-aviation^1^^',
      'air-north-adria-v1^^2015-01-01^^NAA^^0^North Adria^^^^^^^^LDPV=PUY^air-north-adria^1^^',
    ].join('\n');

    // Act
    const records = parseOptdAirlines(text);

    // Assess
    expect(records).toEqual([
      { icao: 'ASL', iata: 'JU', names: ['Air Serbia', 'Air Serbia', 'Jat Airways'], bases: ['BEG'] },
      { icao: 'NAA', iata: null, names: ['North Adria'], bases: ['PUY'] },
    ]);
  });
});

describe('matching an airline to OpenTravelData', () => {
  const records = [
    optd(['Air Serbia', 'Jat Airways'], 'ASL', 'JU', ['BEG']),
    optd(['US Airways'], 'AWE', 'US', ['PHL']),
    optd(['Thai Lion Air', 'Rio Sul'], 'TLM', 'SL', ['DMK']),
  ];
  const index = (code: 'icao' | 'iata') => new Map(records.filter((r) => r[code]).map((r) => [r[code]!, [r]]));
  const byCode = { icao: index('icao'), iata: index('iata') };

  test('matches by ICAO code, else by IATA code, when a name agrees', () => {
    // Act
    const byIcao = matchOptdAirline(entry('Air Serbia', 'JU', 'ASL'), byCode);
    const byIata = matchOptdAirline(entry('Air Serbia', 'JU', null), byCode);

    // Assess
    expect(byIcao).toEqual({ record: records[0], by: 'icao' });
    expect(byIata).toEqual({ record: records[0], by: 'iata' });
  });

  test('refuses a code match whose names disagree, and says so', () => {
    // Prepare
    const refused: string[] = [];

    // Act
    const match = matchOptdAirline(entry('America West Airlines', 'HP', 'AWE'), byCode, (record, by) => refused.push(`${by} ${record.names[0]}`));

    // Assess
    expect(match).toBeUndefined();
    expect(refused).toEqual(['icao US Airways']);
  });

  test("does not match a defunct airline by its IATA code, which is handed on (OPTD lists Rio Sul among Thai Lion Air's names)", () => {
    // Act
    const defunct = matchOptdAirline(entry('Rio Sul Servi', 'SL', 'RSL', false), byCode);
    const flying = matchOptdAirline(entry('Rio Sul Servi', 'SL', 'RSL', true), byCode);

    // Assess
    expect(defunct).toBeUndefined();
    expect(flying?.by).toBe('iata');
  });

  test('names every base airport it knows, in the order OPTD lists them, and leaves the others out', () => {
    // Prepare
    const names: Record<string, string> = { CDG: 'Charles de Gaulle International Airport', ORY: 'Paris-Orly Airport' };

    // Act
    const { entries, matched } = assignBases(
      [entry('Air France', 'AF', 'AFR'), entry('Air Serbia', 'JU', 'ASL')],
      [optd(['Air France'], 'AFR', 'AF', ['CDG', 'ORY', 'XXX']), records[0]!],
      (code) => names[code],
    );

    // Assess: BEG is no airport this lookup knows, so Air Serbia keeps null
    expect(entries.map((e) => e.base)).toEqual(['Charles de Gaulle International Airport, Paris-Orly Airport', null]);
    expect(matched).toEqual({ icao: 1, iata: 0 });
  });
});
