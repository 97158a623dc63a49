import { allListedContracts, yahooContractSymbol } from './contracts';
import { FRONT_MONTH_SYMBOLS } from './futuresSymbols';

/**
 * Which recording answers each Yahoo chart request when `npm run seed` runs the commodity jobs offline
 * (at FUTURES_SAMPLE_RECORDED_AT): the real gold front-month chart (../shared/recordings/yahoo, recorded
 * 2025-02: the 2020-01-02 bar and the quote of 2025-02-20) for GC=F's daily read, hand-written payloads
 * (test/fixtures/yahoo-futures/) for everything else, of which no recording exists. Paths are as the client
 * sends them (`=` percent-encoded). Contract months are recorded for a few commodities only; the others
 * answer 404, as Yahoo does for a month it does not carry, and the job skips them.
 */
export const FUTURES_SAMPLE_RECORDED_AT = '2026-11-20T12:05:00Z';
export const RECORDED_CONTRACT_ROOTS = ['GC', 'CL', 'ZC', 'KC'];

export const chartPath = (symbol: string) => `/v8/finance/chart/${encodeURIComponent(symbol)}`;
export const frontMonthFile = (symbol: string, interval: string) => `front-${symbol.replace('=', '_')}-${interval}.json`;
export const contractFile = (yahooSymbol: string) => `contract-${yahooSymbol}.json`;

/** Requests answered by a real recording instead of the hand-written file (symbol and interval). */
const REAL_RECORDINGS: Record<string, string> = { 'GC=F 1d': 'recordings:yahoo/chart-GC=F-2020-01-01-to-2020-01-03.json' };

type Route = (query: URLSearchParams) => string | undefined;

export function futuresSampleRoutes(kind: 'quotes' | 'intraday' | 'contracts'): Record<string, Route> {
  if (kind === 'contracts') {
    const recorded = allListedContracts(new Date(FUTURES_SAMPLE_RECORDED_AT), 6).filter(({ commodity }) => RECORDED_CONTRACT_ROOTS.includes(commodity.root));
    return Object.fromEntries(
      recorded.map(({ commodity, contract }) => {
        const symbol = yahooContractSymbol(contract, commodity);
        return [chartPath(symbol), () => contractFile(symbol)];
      }),
    );
  }
  const intervals = kind === 'quotes' ? ['1d'] : ['1m', '60m'];
  return Object.fromEntries(
    FRONT_MONTH_SYMBOLS.map(({ symbol }) => [
      chartPath(symbol),
      (query: URLSearchParams) => {
        const interval = query.get('interval') ?? '';
        return intervals.includes(interval) ? (REAL_RECORDINGS[`${symbol} ${interval}`] ?? frontMonthFile(symbol, interval)) : undefined;
      },
    ]),
  );
}

