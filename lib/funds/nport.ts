import { isTicker } from '../stocks/tickers';
import { TOP_HOLDINGS } from './holdings';
import { readXml } from '../text/xmlEvents';

/**
 * Form N-PORT (`NPORT-P`) `primary_doc.xml` (SOURCES.md §8): one fund series' monthly portfolio report.
 * Read here: `formData/genInfo` (registrant name and country, series id and name, report date),
 * `fundInfo/netAssets` (USD) and every `invstOrSecs/invstOrSec` (name, title, cusip,
 * `identifiers/{isin|ticker|other}@value`, valUSD, pctVal = percent of net assets).
 *
 * The report keeps the holdings count and the top holdings by weight. A holding's ticker comes only from
 * its `identifiers/ticker`, and only for an equity holding (`assetCat` EC) whose value reads as a listed
 * ticker: on debt and other holdings filers put issuer or internal codes there (a municipal bond fund's
 * bonds carry `KYSFAC`, the issuer's code). N-PORT gives most holdings a CUSIP/ISIN but no ticker: null then.
 */

export class FundDocumentError extends Error {}

export interface NportHolding {
  name: string;
  ticker: string | null;
  cusip: string | null;
  isin: string | null;
  /** percent of net assets (pctVal), may be negative for short positions */
  weightPct: number;
}

export interface NportReport {
  seriesId: string;
  seriesName: string;
  registrantName: string | null;
  /** ISO 3166 alpha-2 of the registrant's address (regStateConditional@regCountry), null when absent */
  country: string | null;
  /** end of the reported period, YYYY-MM-DD */
  reportDate: string;
  /** net assets, USD */
  netAssets: number;
  /** number of investments reported */
  holdingsCount: number;
  /** the largest positions by weight, descending */
  topHoldings: NportHolding[];
}


const ABSENT = new Set(['', 'N/A', 'NONE', '000000000']);
const present = (value: string | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return ABSENT.has(trimmed.toUpperCase()) ? null : trimmed;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** N-PORT's asset category of common equity (Form N-PORT item C.4). */
const EQUITY_COMMON = 'EC';

/** Longer values are not served as tickers: a CUSIP (9) or ISIN (12) filed in the ticker field. */
const LISTED_TICKER_MAX_LENGTH = 8;

/** The ticker served for a holding: an equity holding's `identifiers/ticker` that reads as a listed ticker, else null. */
function equityTicker(assetCat: string | undefined, ticker: string | undefined): string | null {
  const value = present(ticker)?.toUpperCase() ?? null;
  const listed = value !== null && value.length <= LISTED_TICKER_MAX_LENGTH && isTicker(value);
  return assetCat?.trim() === EQUITY_COMMON && listed ? value : null;
}

/** Parses a primary_doc.xml; throws FundDocumentError when it is not a complete N-PORT report. */
export function parseNport(xml: string, topCount = TOP_HOLDINGS): NportReport {
  const genInfo: Record<string, string> = {};
  let country: string | null = null;
  let netAssets: string | undefined;
  const holdings: NportHolding[] = [];
  let current: { name?: string; title?: string; cusip?: string; pctVal?: string; assetCat?: string; ticker?: string; isin?: string } | null = null;

  const { root, complete } = readXml(xml, {
    open(name, attributes, path) {
      const parent = path[path.length - 2];
      if (name === 'invstOrSec' && parent === 'invstOrSecs') {
        current = {};
        return false;
      }
      if (current && parent === 'identifiers') {
        if (name === 'ticker') current.ticker = attributes.value;
        if (name === 'isin') current.isin = attributes.value;
        return false;
      }
      if (current && parent === 'invstOrSec') return ['name', 'title', 'cusip', 'pctVal', 'assetCat'].includes(name);
      if (parent === 'genInfo') {
        if (name === 'regStateConditional') country = attributes.regCountry ?? null;
        return true;
      }
      return parent === 'fundInfo' && name === 'netAssets';
    },
    close(name, text, path) {
      const parent = path[path.length - 2];
      if (name === 'invstOrSec' && parent === 'invstOrSecs' && current) {
        const weight = Number(current.pctVal);
        const label = present(current.name) ?? present(current.title);
        if (label === null || current.pctVal === undefined || !Number.isFinite(weight)) {
          throw new FundDocumentError(`invstOrSec ${holdings.length + 1} has no name or pctVal`);
        }
        holdings.push({
          name: label,
          ticker: equityTicker(current.assetCat, current.ticker),
          cusip: present(current.cusip),
          isin: present(current.isin),
          weightPct: weight,
        });
        current = null;
      } else if (current && parent === 'invstOrSec') {
        current[name as 'name' | 'title' | 'cusip' | 'pctVal' | 'assetCat'] = text;
      } else if (parent === 'genInfo') {
        genInfo[name] = text.trim();
      } else if (name === 'netAssets' && parent === 'fundInfo') {
        netAssets = text.trim();
      }
    },
  });

  if (root !== 'edgarSubmission') throw new FundDocumentError('not an N-PORT document (no edgarSubmission)');
  if (!complete) throw new FundDocumentError('the N-PORT document is cut off');
  const { seriesId, seriesName, repPdDate } = genInfo;
  if (!seriesId || !/^S\d{9}$/.test(seriesId)) throw new FundDocumentError('genInfo/seriesId missing or malformed');
  if (!seriesName) throw new FundDocumentError('genInfo/seriesName missing');
  if (!repPdDate || !DATE.test(repPdDate)) throw new FundDocumentError('genInfo/repPdDate missing or malformed');
  const assets = Number(netAssets);
  if (netAssets === undefined || netAssets === '' || !Number.isFinite(assets)) throw new FundDocumentError('fundInfo/netAssets missing or not a number');
  const regCountry = country as string | null;

  return {
    seriesId,
    seriesName,
    registrantName: genInfo.regName || null,
    country: regCountry !== null && /^[A-Z]{2}$/.test(regCountry) ? regCountry : null,
    reportDate: repPdDate,
    netAssets: assets,
    holdingsCount: holdings.length,
    topHoldings: [...holdings].sort((a, b) => b.weightPct - a.weightPct).slice(0, topCount),
  };
}

/** The seriesId of an N-PORT document without reading its holdings (cheap check before a full parse). */
export function nportSeriesId(xml: string): string | null {
  const match = /<(?:\w+:)?seriesId>\s*(S\d{9})\s*<\/(?:\w+:)?seriesId>/.exec(xml);
  return match?.[1] ?? null;
}
