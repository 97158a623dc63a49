/**
 * The 30 commodities of /v1/commodityprice (spec 4.4), in ONE fixed order: the order the spec lists them
 * (its Premium-only list, then the rest). The weekly free rotation (rotation.ts) counts in this order, so
 * it must never change; the API reference prints it.
 *
 * Each commodity is a rolling front-month futures contract:
 * - `exchange`: the exchange the contract trades on (CME, CBOT, NYMEX, COMEX of CME Group; ICE US for the softs);
 * - `root`: the exchange's symbol root (contract symbols are root + month code + 2-digit year, e.g. GCZ26);
 * - `yahooSymbol`: the Yahoo chart API continuous front-month symbol (`GC=F`);
 * - `months`: the contract months the exchange lists in its regular cycle (month codes F…Z), and
 *   `serialMonths`: how many consecutive calendar months (from the current one) are listed besides the
 *   cycle (the metals list the current and next two months). Contract specs as published by CME Group and ICE.
 *
 * - `unit` / `currencyUnit`: how the exchange quotes the price ("Price Quotation" in each contract's
 *   specifications): USD, or USX for US cents (the grains, softs except cocoa, livestock and soybean oil are
 *   quoted in cents), per troy_ounce, lb, bushel, barrel, gallon, MMBtu, cwt (hundredweight, 100 lb),
 *   short_ton, metric_ton or thousand_board_feet. The prices served are these quotes, unconverted.
 *
 * Lumber is the CME LBR contract (launched 2022, replacing the random-length LBS); Brent is the NYMEX BZ
 * contract (Brent Last Day Financial), which the Yahoo symbol BZ=F quotes; sugar is ICE Sugar No. 11;
 * class_3_milk is CME DC.
 */
export type Exchange = 'CME' | 'CBOT' | 'NYMEX' | 'COMEX' | 'ICE';

export const MONTH_CODES = ['F', 'G', 'H', 'J', 'K', 'M', 'N', 'Q', 'U', 'V', 'X', 'Z'] as const;
export type MonthCode = (typeof MONTH_CODES)[number];

export const QUOTE_UNITS = ['troy_ounce', 'lb', 'bushel', 'barrel', 'gallon', 'MMBtu', 'cwt', 'short_ton', 'metric_ton', 'thousand_board_feet'] as const;
export type QuoteUnit = (typeof QUOTE_UNITS)[number];
/** USD: US dollars; USX: US cents (the code Yahoo Finance and the live API Ninjas service use for cents) */
export type QuoteCurrency = 'USD' | 'USX';

export interface CommodityInfo {
  name: string;
  /** what `name` says in responses, e.g. "Gold Futures" */
  displayName: string;
  exchange: Exchange;
  root: string;
  yahooSymbol: string;
  months: readonly MonthCode[];
  serialMonths: number;
  /** the quantity the price is per */
  unit: QuoteUnit;
  /** the currency (or cents) the price is in */
  currencyUnit: QuoteCurrency;
}

const EVERY_MONTH = MONTH_CODES;

function commodity(
  name: string,
  displayName: string,
  exchange: Exchange,
  root: string,
  [currencyUnit, unit]: [QuoteCurrency, QuoteUnit],
  months: string,
  serialMonths = 0,
): CommodityInfo {
  return { name, displayName, exchange, root, yahooSymbol: `${root}=F`, months: months.split('') as MonthCode[], serialMonths, unit, currencyUnit };
}

const ALL = EVERY_MONTH.join('');

/** The fixed order (never reorder: the free rotation depends on it). */
export const COMMODITIES: readonly CommodityInfo[] = [
  commodity('gold', 'Gold Futures', 'COMEX', 'GC', ['USD', 'troy_ounce'], 'GJMQVZ', 3),
  commodity('platinum', 'Platinum Futures', 'NYMEX', 'PL', ['USD', 'troy_ounce'], 'FJNV', 3),
  commodity('micro_silver', 'Micro Silver Futures', 'COMEX', 'SIL', ['USD', 'troy_ounce'], 'FHKNUZ', 3),
  commodity('lean_hogs', 'Lean Hogs Futures', 'CME', 'HE', ['USX', 'lb'], 'GJKMNQVZ'),
  commodity('corn', 'Corn Futures', 'CBOT', 'ZC', ['USX', 'bushel'], 'HKNUZ'),
  commodity('oat', 'Oat Futures', 'CBOT', 'ZO', ['USX', 'bushel'], 'HKNUZ'),
  commodity('silver', 'Silver Futures', 'COMEX', 'SI', ['USD', 'troy_ounce'], 'FHKNUZ', 3),
  commodity('soybean', 'Soybean Futures', 'CBOT', 'ZS', ['USX', 'bushel'], 'FHKNQUX'),
  commodity('lumber', 'Lumber Futures', 'CME', 'LBR', ['USD', 'thousand_board_feet'], 'FHKNUX'),
  commodity('live_cattle', 'Live Cattle Futures', 'CME', 'LE', ['USX', 'lb'], 'GJMQVZ'),
  commodity('natural_gas', 'Natural Gas Futures', 'NYMEX', 'NG', ['USD', 'MMBtu'], ALL),
  commodity('crude_oil', 'Crude Oil Futures', 'NYMEX', 'CL', ['USD', 'barrel'], ALL),
  commodity('orange_juice', 'Orange Juice Futures', 'ICE', 'OJ', ['USX', 'lb'], 'FHKNUX'),
  commodity('coffee', 'Coffee Futures', 'ICE', 'KC', ['USX', 'lb'], 'HKNUZ'),
  commodity('cotton', 'Cotton Futures', 'ICE', 'CT', ['USX', 'lb'], 'HKNVZ'),
  commodity('copper', 'Copper Futures', 'COMEX', 'HG', ['USD', 'lb'], ALL),
  commodity('micro_gold', 'Micro Gold Futures', 'COMEX', 'MGC', ['USD', 'troy_ounce'], 'GJMQVZ'),
  commodity('feeder_cattle', 'Feeder Cattle Futures', 'CME', 'GF', ['USX', 'lb'], 'FHJKQUVX'),
  commodity('rough_rice', 'Rough Rice Futures', 'CBOT', 'ZR', ['USD', 'cwt'], 'FHKNUX'),
  commodity('palladium', 'Palladium Futures', 'NYMEX', 'PA', ['USD', 'troy_ounce'], 'HMUZ', 3),
  commodity('cocoa', 'Cocoa Futures', 'ICE', 'CC', ['USD', 'metric_ton'], 'HKNUZ'),
  commodity('gasoline_rbob', 'Gasoline RBOB Futures', 'NYMEX', 'RB', ['USD', 'gallon'], ALL),
  commodity('heating_oil', 'Heating Oil Futures', 'NYMEX', 'HO', ['USD', 'gallon'], ALL),
  commodity('soybean_oil', 'Soybean Oil Futures', 'CBOT', 'ZL', ['USX', 'lb'], 'FHKNQUVZ'),
  commodity('wheat', 'Wheat Futures', 'CBOT', 'ZW', ['USX', 'bushel'], 'HKNUZ'),
  commodity('aluminum', 'Aluminum Futures', 'COMEX', 'ALI', ['USD', 'metric_ton'], ALL),
  commodity('soybean_meal', 'Soybean Meal Futures', 'CBOT', 'ZM', ['USD', 'short_ton'], 'FHKNQUVZ'),
  commodity('sugar', 'Sugar No. 11 Futures', 'ICE', 'SB', ['USX', 'lb'], 'HKNV'),
  commodity('brent_crude_oil', 'Brent Crude Oil Futures', 'NYMEX', 'BZ', ['USD', 'barrel'], ALL),
  commodity('class_3_milk', 'Class III Milk Futures', 'CME', 'DC', ['USD', 'cwt'], ALL),
];

export const COMMODITY_NAMES = COMMODITIES.map((c) => c.name) as unknown as readonly [string, ...string[]];

const BY_NAME = new Map(COMMODITIES.map((c) => [c.name, c]));
const BY_ROOT = new Map(COMMODITIES.map((c) => [c.root, c]));

export function commodityNamed(name: string): CommodityInfo | undefined {
  return BY_NAME.get(name);
}

export function commodityWithRoot(root: string): CommodityInfo | undefined {
  return BY_ROOT.get(root);
}

/** Yahoo's suffix for a single contract month on each exchange (e.g. GCZ26.CMX, CLZ26.NYM, KCZ26.NYB). */
export const YAHOO_CONTRACT_SUFFIX: Record<Exchange, string> = {
  CME: 'CME',
  CBOT: 'CBT',
  NYMEX: 'NYM',
  COMEX: 'CMX',
  ICE: 'NYB',
};
