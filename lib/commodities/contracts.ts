import { COMMODITIES, MONTH_CODES, YAHOO_CONTRACT_SUFFIX, commodityWithRoot, type CommodityInfo, type MonthCode } from './catalog';

/**
 * Futures contract symbols: root + month code (F G H J K M N Q U V X Z = Jan … Dec) + 2-digit year,
 * e.g. GCZ26 = COMEX gold December 2026. Years are 2000 + YY (contracts listed this century).
 *
 * - `listedContracts`: the contract months listed from the current month on (the regular cycle plus the
 *   serial months), the next `count` of them; the exchange may have retired the current month's contract
 *   already (past its last trading day), which ingestion notices (no recent trade) and skips.
 * - `frontContractOf`: the front contract named by the Yahoo continuous symbol's `shortName`
 *   ("Crude Oil Oct 26" → CLV26, 2026-10).
 */
export interface ContractMonth {
  year: number;
  /** 1 … 12 */
  month: number;
}

export interface Contract extends ContractMonth {
  root: string;
  /** e.g. GCZ26 */
  symbol: string;
  /** YYYY-MM */
  contractMonth: string;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function monthCode(month: number): MonthCode {
  const code = MONTH_CODES[month - 1];
  if (code === undefined) throw new RangeError(`month ${month} is not 1-12`);
  return code;
}

export function contractOf(root: string, { year, month }: ContractMonth): Contract {
  return {
    root,
    year,
    month,
    symbol: `${root}${monthCode(month)}${String(year % 100).padStart(2, '0')}`,
    contractMonth: `${year}-${String(month).padStart(2, '0')}`,
  };
}

/** A contract symbol of one of the 30 commodities (upper case expected), or undefined. */
export function parseContractSymbol(symbol: string): (Contract & { commodity: CommodityInfo }) | undefined {
  const match = /^([A-Z]+)([FGHJKMNQUVXZ])(\d{2})$/.exec(symbol);
  if (!match) return undefined;
  const [, root = '', code = '', yy = ''] = match;
  const commodity = commodityWithRoot(root);
  if (!commodity) return undefined;
  const month = MONTH_CODES.indexOf(code as MonthCode) + 1;
  return { ...contractOf(root, { year: 2000 + Number(yy), month }), commodity };
}

/** The Yahoo chart symbol of a single contract month: GCZ26.CMX, CLZ26.NYM, ZCZ26.CBT, HEZ26.CME, KCZ26.NYB. */
export function yahooContractSymbol(contract: Contract, commodity: CommodityInfo): string {
  return `${contract.symbol}.${YAHOO_CONTRACT_SUFFIX[commodity.exchange]}`;
}

/** The next `count` listed contract months of a commodity, from the month of `now` (UTC) on, in time order. */
export function listedContracts(commodity: CommodityInfo, now: Date, count: number): Contract[] {
  const cycle = new Set(commodity.months);
  const startYear = now.getUTCFullYear();
  const startMonth = now.getUTCMonth() + 1;
  const contracts: Contract[] = [];
  for (let offset = 0; contracts.length < count && offset < 120; offset += 1) {
    const index = startMonth - 1 + offset;
    const month = (index % 12) + 1;
    const year = startYear + Math.floor(index / 12);
    if (offset < commodity.serialMonths || cycle.has(monthCode(month))) contracts.push(contractOf(commodity.root, { year, month }));
  }
  return contracts;
}

/** Every commodity's next `count` listed contracts, commodities in catalog order. */
export function allListedContracts(now: Date, count: number): { commodity: CommodityInfo; contract: Contract }[] {
  return COMMODITIES.flatMap((commodity) => listedContracts(commodity, now, count).map((contract) => ({ commodity, contract })));
}

/**
 * The front contract from a Yahoo `shortName` ending in "<Mon> <YY>" ("Gold Apr 25", "Crude Oil Oct 26");
 * undefined when the name carries no contract month (some continuous symbols only carry a product name).
 */
export function frontContractOf(shortName: string | null, root: string): Contract | undefined {
  if (!shortName) return undefined;
  const match = /\b([A-Z][a-z]{2})\s+(\d{2})\s*$/.exec(shortName.trim());
  if (!match) return undefined;
  const month = MONTH_NAMES.indexOf(match[1]!) + 1;
  if (month === 0) return undefined;
  return contractOf(root, { year: 2000 + Number(match[2]), month });
}
