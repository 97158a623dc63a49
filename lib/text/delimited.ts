/**
 * Comma-separated text as published by OurAirports, the FAA, whatisflying and OpenFlights: fields may be
 * quoted with `"`, a doubled `""` inside quotes is one quote, quoted fields may hold commas and line breaks.
 * OpenFlights writes `\N` for "no value"; `nullMarkers` turns such fields into null.
 */
export function parseDelimited(text: string, options: { nullMarkers?: string[] } = {}): (string | null)[][] {
  const nulls = new Set(options.nullMarkers ?? []);
  const rows: (string | null)[][] = [];
  const length = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let row: (string | null)[] = [];
  while (i < length) {
    let field: string;
    let quoted = false;
    if (text.charCodeAt(i) === 34 /* " */) {
      quoted = true;
      field = '';
      let from = i + 1;
      for (;;) {
        const close = text.indexOf('"', from);
        if (close === -1) {
          field += text.slice(from);
          i = length;
          break;
        }
        field += text.slice(from, close);
        if (text.charCodeAt(close + 1) === 34) {
          field += '"';
          from = close + 2;
        } else {
          i = close + 1;
          break;
        }
      }
      // tolerate stray characters between the closing quote and the separator
      while (i < length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') field += text[i++];
    } else {
      let end = i;
      while (end < length) {
        const c = text.charCodeAt(end);
        if (c === 44 /* , */ || c === 10 || c === 13) break;
        end += 1;
      }
      field = text.slice(i, end);
      i = end;
    }
    row.push(!quoted && nulls.has(field) ? null : field);
    const c = text[i];
    if (c === ',') {
      i += 1;
      if (i === length) row.push('');
      continue;
    }
    // end of line or of text
    if (c === '\r' && text[i + 1] === '\n') i += 1;
    i += 1;
    if (!(row.length === 1 && row[0] === '')) rows.push(row);
    row = [];
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

/** Rows as objects keyed by the header row; missing trailing fields are ''. */
export function parseCsvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseDelimited(text);
  if (!header) return [];
  const names = header.map((name) => (name ?? '').trim());
  return rows.map((row) => {
    const record: Record<string, string> = {};
    names.forEach((name, i) => {
      if (name) record[name] = (row[i] ?? '').trim();
    });
    return record;
  });
}
