import { Parser } from 'htmlparser2';

/**
 * The facts of an inline XBRL document (ix:nonFraction numbers, ix:nonNumeric text) with their contexts
 * (period and dimensions), as a proxy statement's pay-versus-performance table tags them (`ecd:` concepts).
 *
 * Numbers follow the inline XBRL rules: the displayed text is read with its `format` (ixt:num-dot-decimal
 * "1,234.5", ixt:num-comma-decimal "1.234,5", ixt:fixed-zero / zerodash "—" = 0, ixt-sec:numwordsen "none" = 0),
 * multiplied by 10^`scale` and negated when `sign="-"`. A fact whose text cannot be read is skipped.
 */

export interface XbrlContext {
  id: string;
  start?: string;
  end?: string;
  instant?: string;
  /** dimension (e.g. ecd:IndividualAxis) → member (explicit member QName or typed member text) */
  dimensions: Record<string, string>;
}

export interface InlineFact {
  /** prefixed concept name, e.g. ecd:PeoTotalCompAmt */
  name: string;
  contextRef: string;
  /** the number (nonFraction) or the text (nonNumeric) */
  value: number | string;
  unitRef?: string;
}

export interface InlineXbrl {
  contexts: Map<string, XbrlContext>;
  facts: InlineFact[];
}

const WORD_ZERO = /^(no|none|nil|zero|-|—|–)$/i;

/** The number an ix:nonFraction shows, per its format; undefined when unreadable. */
export function inlineNumber(text: string, format: string | undefined, scale: string | undefined, sign: string | undefined): number | undefined {
  const shown = text.replace(/[\s\u00a0]+/g, ' ').trim();
  const fmt = (format ?? '').toLowerCase();
  let value: number;
  if (/fixed-?zero|zerodash/.test(fmt) || (/numwords/.test(fmt) && WORD_ZERO.test(shown)) || (shown !== '' && WORD_ZERO.test(shown))) value = 0;
  else {
    const commaDecimal = /num-?comma-?decimal|numcommadecimal/.test(fmt);
    let digits = shown.replace(/[^\d.,]/g, '');
    digits = commaDecimal ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, '');
    if (!/^\d+(\.\d+)?$|^\.\d+$/.test(digits)) return undefined;
    value = Number(digits);
  }
  const power = scale === undefined || scale.trim() === '' ? 0 : Number(scale);
  if (!Number.isInteger(power) || Math.abs(power) > 12) return undefined;
  const scaled = power >= 0 ? value * 10 ** power : value / 10 ** -power;
  const rounded = Math.round(scaled * 1e6) / 1e6;
  return sign === '-' ? -rounded : rounded;
}

interface OpenFact {
  tag: 'nonfraction' | 'nonnumeric';
  attributes: Record<string, string>;
  parts: string[];
}

export function parseInlineXbrl(html: string): InlineXbrl {
  const contexts = new Map<string, XbrlContext>();
  const facts: InlineFact[] = [];
  const open: OpenFact[] = [];
  let context: XbrlContext | null = null;
  let member: { dimension: string; parts: string[] } | null = null;
  let dateField: 'start' | 'end' | 'instant' | null = null;
  let dateParts: string[] = [];
  let excluded = 0;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'xbrli:context') context = { id: attributes.id ?? '', dimensions: {} };
        else if (context && (name === 'xbrli:startdate' || name === 'xbrli:enddate' || name === 'xbrli:instant')) {
          dateField = name === 'xbrli:startdate' ? 'start' : name === 'xbrli:enddate' ? 'end' : 'instant';
          dateParts = [];
        } else if (context && (name === 'xbrldi:explicitmember' || name === 'xbrldi:typedmember')) {
          member = { dimension: attributes.dimension ?? '', parts: [] };
        } else if (name === 'ix:nonfraction' || name === 'ix:nonnumeric') {
          open.push({ tag: name === 'ix:nonfraction' ? 'nonfraction' : 'nonnumeric', attributes, parts: [] });
        } else if (name === 'ix:exclude') excluded += 1;
        else if ((name === 'br' || name === 'p' || name === 'div') && open.length) for (const fact of open) fact.parts.push(' ');
      },
      ontext(text) {
        if (dateField) dateParts.push(text);
        if (member) member.parts.push(text);
        if (excluded === 0) for (const fact of open) fact.parts.push(text);
      },
      onclosetag(name) {
        if (name === 'xbrli:context' && context) {
          if (context.id) contexts.set(context.id, context);
          context = null;
        } else if (dateField && (name === 'xbrli:startdate' || name === 'xbrli:enddate' || name === 'xbrli:instant')) {
          if (context) (context as XbrlContext)[dateField] = dateParts.join('').trim();
          dateField = null;
        } else if (member && (name === 'xbrldi:explicitmember' || name === 'xbrldi:typedmember')) {
          if (context) (context as XbrlContext).dimensions[member.dimension] = member.parts.join('').replace(/\s+/g, ' ').trim();
          member = null;
        } else if (name === 'ix:exclude') excluded = Math.max(0, excluded - 1);
        else if (name === 'ix:nonfraction' || name === 'ix:nonnumeric') {
          const fact = open.pop();
          if (!fact) return;
          const { attributes } = fact;
          const text = fact.parts.join('');
          const base = { name: attributes.name ?? '', contextRef: attributes.contextref ?? '', ...(attributes.unitref ? { unitRef: attributes.unitref } : {}) };
          if (!base.name || !base.contextRef) return;
          if (fact.tag === 'nonnumeric') {
            if (base.name.endsWith('TextBlock')) return;
            facts.push({ ...base, value: text.replace(/\s+/g, ' ').trim() });
            return;
          }
          if (attributes['xsi:nil'] === 'true') return;
          const value = inlineNumber(text, attributes.format, attributes.scale, attributes.sign);
          if (value !== undefined) facts.push({ ...base, value });
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return { contexts, facts };
}
