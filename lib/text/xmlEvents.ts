import { Parser } from 'htmlparser2';

/**
 * A streaming pass over an XML/XHTML document (htmlparser2 in XML mode), for documents that
 * can be large (an N-PORT of a total-market fund lists thousands of holdings; a trust's inline-XBRL
 * prospectus runs to tens of megabytes): no DOM is built, only what a reader asks for is kept.
 *
 * Element names are given as local names (the namespace prefix dropped: `ix:nonFraction` → `nonFraction`),
 * since filers choose their own prefixes. A reader asks for the text of an element by returning true
 * from `open`; `close` then gets the element's whole text (descendants included, entities decoded).
 */
export interface XmlReader {
  /** return true to receive this element's text in `close` */
  open?(name: string, attributes: Record<string, string>, path: readonly string[]): boolean | void;
  close?(name: string, text: string, path: readonly string[]): void;
  /** every text node (for a reader that wants the document's plain text) */
  text?(text: string): void;
}

export interface XmlPassResult {
  /** local name of the root element, or null when the document had none */
  root: string | null;
  /** false when the document ended before the root element was closed (a truncated download) */
  complete: boolean;
}

export const localName = (name: string) => name.slice(name.indexOf(':') + 1);

export function readXml(text: string, reader: XmlReader): XmlPassResult {
  const path: string[] = [];
  /** per open element: its collected text, or null when not asked for */
  const texts: (string[] | null)[] = [];
  let root: string | null = null;
  let complete = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const local = localName(name);
        if (root === null) root = local;
        path.push(local);
        const wanted = reader.open?.(local, attributes, path) === true;
        // an element inside a captured one also feeds its ancestors' text
        texts.push(wanted ? [] : null);
      },
      ontext(data) {
        reader.text?.(data);
        for (const collected of texts) collected?.push(data);
      },
      onclosetag(name, isImplied) {
        const local = localName(name);
        const collected = texts.pop();
        if (collected) reader.close?.(local, collected.join(''), path);
        else reader.close?.(local, '', path);
        path.pop();
        if (path.length === 0 && local === root && !isImplied) complete = true;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(text);
  return { root, complete };
}
