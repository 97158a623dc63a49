/**
 * Every day on which the served national public holidays and the independent reference, npm date-holidays
 * (test/calendars/referenceComparison.ts), disagree for the compared countries and years, each with the official
 * calendar that settles it. Where the reference was right the service was fixed (lib/calendars/import.ts:
 * scopeAsKept, DROPPED_HOLIDAYS), so every entry left is a day the service serves as the official calendar
 * says, or one no official publication could be read for here (`unsettled`, naming the one that would settle it).
 * A disagreement not listed fails the comparison, and so does an entry that no longer matches one.
 */

export interface HolidayDisagreement {
  country: string;
  /** the calendar that lists the day as a national public holiday: the service or date-holidays */
  listedBy: 'service' | 'date-holidays';
  /** its English name there (date-holidays marks its substitute days "(substitute)"); a pattern for a family of days */
  name: string | RegExp;
  dates: string[];
  /** the official calendar that settles it, with its URL, and what it says */
  settledBy: string;
  /** the publication that would settle it could not be read here */
  unsettled?: true;
}

const FAIR_WORK = 'Fair Work Ombudsman, public holidays by state and territory, https://www.fairwork.gov.au/employment-conditions/public-holidays';
const SWISS_CONSTITUTION =
  'Federal Constitution of the Swiss Confederation, art. 110 para. 3 (https://www.fedlex.admin.ch/eli/cc/1999/404/en#art_110): 1 August is the one federal holiday; the others are set by each canton';
const BULGARIA_LABOUR_CODE = 'Bulgarian Labour Code, art. 154 (https://www.lex.bg/laws/ldoc/1594373121)';
const LATVIA_HOLIDAYS = 'Latvian law "Par svētku, atceres un atzīmējamām dienām", art. 1 (https://likumi.lv/ta/id/72608)';
const LITHUANIA_LABOUR_CODE =
  'Lithuanian Labour Code (XII-2603), art. 123(1) (https://e-seimas.lrs.lt/portal/legalAct/lt/TAD/f6d686707e7011e6b969d7ae07280e89/asr): holidays include the first Sunday of May (Mother\'s Day) and the first Sunday of June (Father\'s Day)';
const DUTCH_HOLIDAYS =
  'Rijksoverheid, "Welke feestdagen zijn officiële feestdagen?" (https://www.rijksoverheid.nl/onderwerpen/arbeidsovereenkomst-en-cao/vraag-en-antwoord/officiele-feestdagen): Goede Vrijdag and Bevrijdingsdag are official holidays; whether they are days off is up to the collective agreement (5 May a day off for the civil service in lustrum years, 2025)';
const SPAIN_SUNDAYS =
  'Real Decreto 2001/1983, art. 45, and the Dirección General de Trabajo\'s yearly list of fiestas laborales in the BOE (2025: BOE-A-2024-21316, https://www.boe.es/eli/es/res/2024/10/15/(1)): a national holiday falling on a Sunday is not a fiesta laboral; the regions that move it list the Monday, which the service serves as regional';
const FINNISH_ALMANAC =
  'University of Helsinki Almanac Office, the publisher of the official Finnish almanac (https://almanakka.helsinki.fi/): Midsummer Eve and Christmas Eve are not church or state holidays but paid days off under most collective agreements, and counted among the weekday holidays; banks close';

export const HOLIDAY_DISAGREEMENTS: readonly HolidayDisagreement[] = [
  // Australia: the reference keeps Easter Saturday and Sunday nationally; Tasmania keeps neither, Western Australia no Easter Saturday
  {
    country: 'AU',
    listedBy: 'date-holidays',
    name: 'Easter Saturday',
    dates: ['2024-03-30', '2025-04-19', '2026-04-04', '2027-03-27'],
    settledBy: `${FAIR_WORK}: Easter Saturday is a public holiday in the ACT, NSW, NT, QLD, SA and VIC, not in Tasmania or Western Australia; the service serves it as regional`,
  },
  {
    country: 'AU',
    listedBy: 'date-holidays',
    name: 'Easter Sunday',
    dates: ['2024-03-31', '2025-04-20', '2026-04-05', '2027-03-28'],
    settledBy: `${FAIR_WORK}: Easter Sunday is not a public holiday in Tasmania; the service serves it as regional`,
  },
  {
    country: 'GB',
    listedBy: 'date-holidays',
    name: 'Easter Monday',
    dates: ['2024-04-01', '2025-04-21', '2026-04-06', '2027-03-29'],
    settledBy: 'GOV.UK, "UK bank holidays" (https://www.gov.uk/bank-holidays): Easter Monday is a bank holiday in England and Wales and in Northern Ireland, not in Scotland; the service serves it as regional',
  },
  {
    country: 'CA',
    listedBy: 'service',
    name: 'Christmas Day (observed)',
    dates: ['2027-12-27'],
    settledBy:
      'Christmas Day 2027 falls on a Saturday; the federal public service observes a holiday falling on a Saturday on the following Monday. Would be settled by the Government of Canada\'s list of 2027 public holidays (https://www.canada.ca/), not yet published',
    unsettled: true,
  },
  // Switzerland: the reference keeps cantonal holidays as national
  ...(
    [
      ['Good Friday', ['2024-03-29', '2025-04-18', '2026-04-03', '2027-03-26']],
      ['Easter Sunday', ['2024-03-31', '2025-04-20', '2026-04-05', '2027-03-28']],
      ['Easter Monday', ['2024-04-01', '2025-04-21', '2026-04-06', '2027-03-29']],
      ['Pentecost', ['2024-05-19', '2025-06-08', '2026-05-24', '2027-05-16']],
      ['Whit Monday', ['2024-05-20', '2025-06-09', '2026-05-25', '2027-05-17']],
      ['Federal Day of Thanksgiving, Repentance and Prayer', ['2024-09-15', '2025-09-21', '2026-09-20', '2027-09-19']],
      ['Boxing Day', ['2024-12-26', '2025-12-26', '2026-12-26', '2027-12-26']],
    ] as const
  ).map(([name, dates]) => ({
    country: 'CH',
    listedBy: 'date-holidays' as const,
    name,
    dates: [...dates],
    settledBy: `${SWISS_CONSTITUTION}. Not every canton keeps this day (Good Friday not in Ticino or Valais, Easter Monday and St Stephen's Day not in Valais or Fribourg, the Federal Fast is a Sunday), so the service serves it as regional where the data set has it`,
  })),
  // Bulgaria: the reference misses Holy Saturday, 26 December and the substitute days of art. 154(2)
  {
    country: 'BG',
    listedBy: 'service',
    name: 'Holy Saturday',
    dates: ['2024-05-04', '2025-04-19', '2026-04-11'],
    settledBy: `${BULGARIA_LABOUR_CODE}, para. 1: Good Friday, Holy Saturday, Easter Sunday and Monday are official holidays`,
  },
  {
    country: 'BG',
    listedBy: 'service',
    name: 'Christmas Day',
    dates: ['2024-12-26', '2025-12-26', '2026-12-26', '2027-12-26'],
    settledBy: `${BULGARIA_LABOUR_CODE}, para. 1: 24 December and 25 and 26 December (Christmas) are official holidays`,
  },
  {
    country: 'BG',
    listedBy: 'service',
    name: /\(observed\)$/,
    dates: ['2024-03-04', '2024-09-23', '2025-05-26', '2025-09-08', '2026-05-25', '2026-09-07', '2026-12-28', '2027-05-04', '2027-12-27', '2027-12-28'],
    settledBy: `${BULGARIA_LABOUR_CODE}, para. 2: when an official holiday other than Easter falls on a Saturday or Sunday, the first working day or days after it are days off`,
  },
  {
    country: 'BG',
    listedBy: 'service',
    name: 'Non-working day',
    dates: ['2025-12-31', '2026-01-02'],
    settledBy:
      'Days off declared by the Council of Ministers under art. 154(2) of the Labour Code in exchange for working Saturdays; would be settled by that decision in the State Gazette (https://dv.parliament.bg/), not read here',
    unsettled: true,
  },
  // Cyprus: the reference dates Green Monday a day late and keeps the Sunday of Pentecost instead of Kataklysmos Monday
  {
    country: 'CY',
    listedBy: 'service',
    name: 'Green Monday',
    dates: ['2024-03-18', '2025-03-03', '2026-02-23', '2027-03-15'],
    settledBy:
      'Green (Clean) Monday is the Monday 48 days before Orthodox Easter (5 May 2024 → 18 March 2024); the reference\'s 19 March 2024 is a Tuesday. Would be settled by the Republic of Cyprus\'s list of public holidays (https://www.gov.cy/), not read here',
    unsettled: true,
  },
  {
    country: 'CY',
    listedBy: 'date-holidays',
    name: 'Clean Monday',
    dates: ['2024-03-19', '2025-03-04', '2026-02-24', '2027-03-16'],
    settledBy: 'See Green Monday: the reference\'s days are Tuesdays. Would be settled by the Republic of Cyprus\'s list of public holidays (https://www.gov.cy/)',
    unsettled: true,
  },
  {
    country: 'CY',
    listedBy: 'service',
    name: 'Pentecost Monday',
    dates: ['2024-06-24', '2025-06-09', '2026-06-01', '2027-06-21'],
    settledBy:
      'The Cypriot holiday is Kataklysmos, the Monday after Orthodox Pentecost. Would be settled by the Republic of Cyprus\'s list of public holidays (https://www.gov.cy/), not read here',
    unsettled: true,
  },
  {
    country: 'CY',
    listedBy: 'date-holidays',
    name: 'Pentecost',
    dates: ['2024-06-23', '2025-06-08', '2026-05-31', '2027-06-20'],
    settledBy: 'See Pentecost Monday: the reference keeps the Sunday. Would be settled by the Republic of Cyprus\'s list of public holidays (https://www.gov.cy/)',
    unsettled: true,
  },
  {
    country: 'ES',
    listedBy: 'date-holidays',
    name: /^(Immaculate Conception|Fiesta Nacional de España|All Saints' Day|Día de la Constitución Española|Assumption)$/,
    dates: ['2024-12-08', '2025-10-12', '2026-11-01', '2026-12-06', '2027-08-15'],
    settledBy: `${SPAIN_SUNDAYS}. Each of these days is a Sunday`,
  },
  {
    country: 'FI',
    listedBy: 'service',
    name: /^(Midsummer Eve|Christmas Eve)$/,
    dates: ['2024-06-21', '2024-12-24', '2025-06-20', '2025-12-24', '2026-06-19', '2026-12-24', '2027-06-25', '2027-12-24'],
    settledBy: FINNISH_ALMANAC,
  },
  // Greece
  {
    country: 'GR',
    listedBy: 'service',
    name: 'Labor Day',
    dates: ['2024-05-07'],
    settledBy:
      '1 May 2024 fell in Orthodox Holy Week; the Ministry of Labour moved the May Day holiday to Tuesday 7 May. Would be settled by the ministry\'s announcement (https://ypergasias.gov.gr/), not read here',
    unsettled: true,
  },
  {
    country: 'GR',
    listedBy: 'date-holidays',
    name: 'Labour Day',
    dates: ['2024-05-01'],
    settledBy: 'See Labor Day 2024-05-07 (moved out of Holy Week). Would be settled by the Ministry of Labour\'s announcement (https://ypergasias.gov.gr/)',
    unsettled: true,
  },
  {
    country: 'GR',
    listedBy: 'service',
    name: 'Labor Day (observed)',
    dates: ['2027-05-04'],
    settledBy:
      '1 May 2027 falls on Holy Saturday (Orthodox Easter 2 May 2027); the data set moves the holiday to the Tuesday after Easter as in 2024. Would be settled by the Ministry of Labour\'s decision for 2027 (https://ypergasias.gov.gr/), not yet published',
    unsettled: true,
  },
  {
    country: 'GR',
    listedBy: 'date-holidays',
    name: /^(Easter Sunday|Pentecost)$/,
    dates: ['2024-05-05', '2024-06-23', '2025-04-20', '2025-06-08', '2026-04-12', '2026-05-31', '2027-05-02', '2027-06-20'],
    settledBy:
      'Sundays: the statutory holidays are Easter Monday and the Monday of the Holy Spirit, which both calendars serve. Would be settled by the Ministry of Labour\'s list of public holidays (https://ypergasias.gov.gr/), not read here',
    unsettled: true,
  },
  {
    country: 'HU',
    listedBy: 'service',
    name: /^Day off \(substituted from /,
    dates: ['2024-08-19', '2024-12-24', '2024-12-27', '2025-05-02', '2025-10-24', '2025-12-24', '2026-01-02', '2026-08-21', '2026-12-24'],
    settledBy:
      'Bridge days swapped for working Saturdays by the minister\'s yearly decree on the work schedule around public holidays (Labour Code, Act I of 2012); would be settled by those decrees in the Magyar Közlöny (https://magyarkozlony.hu/), not read here',
    unsettled: true,
  },
  {
    country: 'IT',
    listedBy: 'service',
    name: 'National Unity Day',
    dates: ['2024-11-03', '2025-11-02', '2027-11-07'],
    settledBy:
      'Law 54 of 5 March 1977 moved the celebration of 4 November (Giornata dell\'Unità Nazionale e delle Forze Armate) to the first Sunday of November; whether that Sunday is a public holiday would be settled by the Gazzetta Ufficiale (https://www.gazzettaufficiale.it/), not read here',
    unsettled: true,
  },
  {
    country: 'LT',
    listedBy: 'service',
    name: /^(Mother's Day|Father's Day)$/,
    dates: ['2024-05-05', '2024-06-02', '2025-05-04', '2025-06-01', '2026-05-03', '2026-06-07', '2027-05-02', '2027-06-06'],
    settledBy: LITHUANIA_LABOUR_CODE,
  },
  {
    country: 'LV',
    listedBy: 'service',
    name: /^(Mother's Day|Pentecost)$/,
    dates: ['2024-05-12', '2024-05-19', '2025-05-11', '2025-06-08', '2026-05-10', '2026-05-24', '2027-05-09', '2027-05-16'],
    settledBy: `${LATVIA_HOLIDAYS}: holidays include the second Sunday of May (Mother's Day) and Pentecost (Vasarsvētki)`,
  },
  {
    country: 'LV',
    listedBy: 'service',
    name: /^Day off \(substituted from /,
    dates: ['2024-12-23', '2024-12-30', '2025-05-02', '2025-11-17', '2026-01-02', '2026-06-22'],
    settledBy:
      'Days off swapped for working Saturdays by orders of the Cabinet of Ministers under the Labour Law, art. 133; would be settled by those orders in Latvijas Vēstnesis (https://www.vestnesis.lv/), not read here',
    unsettled: true,
  },
  {
    country: 'NL',
    listedBy: 'service',
    name: /^(Good Friday|Liberation Day)$/,
    dates: ['2024-03-29', '2025-04-18', '2025-05-05', '2026-04-03', '2027-03-26'],
    settledBy: DUTCH_HOLIDAYS,
  },
  {
    country: 'RO',
    listedBy: 'service',
    name: "New Year's Day",
    dates: ['2024-01-02', '2025-01-02', '2026-01-02', '2027-01-02'],
    settledBy: 'Romanian Labour Code (Law 53/2003), art. 139(1) (https://legislatie.just.ro/Public/DetaliiDocument/128647): 1 and 2 January are public holidays',
  },
  {
    country: 'SK',
    listedBy: 'service',
    name: /^(Day of Victory over Fascism|Day of Our Lady of the Seven Sorrows)$/,
    dates: ['2027-05-08', '2027-09-15'],
    settledBy:
      'Slovakia\'s 2024 consolidation act suspended these two days off for 2025 and 2026 only (both calendars agree there); whether they return in 2027 would be settled by Act 241/1993 Coll. as then in force (https://www.slov-lex.sk/), not read here',
    unsettled: true,
  },
];
