import { BENCHMARKS, BENCHMARK_INFO } from '../energy/benchmarks';
import { COMMODITIES } from './catalog';

/**
 * The front-month symbols the futures jobs fetch: the 30 commodities' and the 5 oil benchmarks'
 * (CL=F, BZ=F, NG=F, RB=F, HO=F overlap with crude_oil, brent_crude_oil, natural_gas, gasoline_rbob,
 * heating_oil), each once. `root` is the exchange symbol root the front contract is named with.
 */
export interface FrontMonthSymbol {
  symbol: string;
  root: string;
}

export const FRONT_MONTH_SYMBOLS: readonly FrontMonthSymbol[] = (() => {
  const bySymbol = new Map<string, string>();
  for (const commodity of COMMODITIES) bySymbol.set(commodity.yahooSymbol, commodity.root);
  for (const benchmark of BENCHMARKS) {
    const symbol = BENCHMARK_INFO[benchmark].futuresSymbol;
    if (!bySymbol.has(symbol)) bySymbol.set(symbol, symbol.replace(/=F$/, ''));
  }
  return [...bySymbol].map(([symbol, root]) => ({ symbol, root }));
})();
