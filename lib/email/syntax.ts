/**
 * Email address syntax, as mail systems accept it in practice (RFC 5321 §4.1.2 and §4.5.3.1, RFC 5322 §3.4.1):
 *
 * - local part: a dot-atom (letters, digits and ! # $ % & ' * + - / = ? ^ _ ` { | } ~, in dot-separated
 *   non-empty atoms), at most 64 characters. Quoted local parts ("john doe"@example.com) are valid in
 *   RFC 5322 but RFC 5321 asks receivers not to use them and almost no provider issues them: they are
 *   reported as not valid. So are comments and non-ASCII (SMTPUTF8) local parts.
 * - domain: a host name of at least two labels, at most 253 characters in its ASCII form; labels 1 to 63
 *   letters, digits and hyphens, not starting or ending with a hyphen; the top-level label alphabetic (or an
 *   IDN xn-- label). Internationalised domains are accepted and converted with punycode (`domainToASCII`).
 *   Address literals (user@[192.0.2.1]) are not accepted.
 * - the whole address (local part, @, ASCII domain) at most 254 characters.
 */
import { domainToASCII, domainToUnicode } from 'node:url';

export const MAX_LOCAL_PART = 64;
export const MAX_DOMAIN = 253;
export const MAX_ADDRESS = 254;

const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const DOT_ATOM = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`);
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LEVEL_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

export interface ParsedEmail {
  /** true when the address is syntactically acceptable */
  valid: boolean;
  /** why not, when it is not */
  problem?: string;
  /** the text before the last @, as given; null without an @ */
  localPart: string | null;
  /** the domain in lower case (Unicode form for IDNs); null without an @ or with nothing after it */
  domain: string | null;
  /** the domain in its ASCII (punycode) form, for DNS and list lookups; null when it is not a valid domain */
  asciiDomain: string | null;
}

/** Checks the ASCII form of a domain; returns the problem, or undefined when it is a valid mail domain. */
function domainProblem(ascii: string): string | undefined {
  if (ascii.length > MAX_DOMAIN) return `the domain is longer than ${MAX_DOMAIN} characters`;
  const labels = ascii.split('.');
  if (labels.length < 2) return 'the domain has no top-level domain';
  const bad = labels.find((label) => !LABEL.test(label));
  if (bad !== undefined) {
    return bad === '' ? 'the domain has an empty label' : `the domain label '${bad}' is not a valid host name label`;
  }
  if (!TOP_LEVEL_LABEL.test(labels.at(-1)!)) return `'${labels.at(-1)}' is not a valid top-level domain`;
  return undefined;
}

export function parseEmail(input: string): ParsedEmail {
  const at = input.lastIndexOf('@');
  if (at < 0) return { valid: false, problem: 'the address has no @', localPart: null, domain: null, asciiDomain: null };
  const localPart = input.slice(0, at);
  const rawDomain = input.slice(at + 1);
  const shown = rawDomain === '' ? null : rawDomain.toLowerCase();
  const invalid = (problem: string, asciiDomain: string | null = null, domain = shown): ParsedEmail => ({
    valid: false,
    problem,
    localPart,
    domain,
    asciiDomain,
  });

  // the domain first, so an invalid local part still reports the domain's lists
  let asciiDomain: string | null = null;
  let domain = shown;
  let problem: string | undefined;
  if (rawDomain === '') problem = 'the domain is empty';
  else if (rawDomain.startsWith('[')) problem = 'address literals such as [192.0.2.1] are not accepted';
  else if (/[\x00-\x2c\x2f\x3a-\x40\x5b-\x60\x7b-\x7f\s]/.test(rawDomain)) problem = 'the domain contains characters not allowed in host names';
  else {
    const ascii = domainToASCII(rawDomain);
    problem = ascii === '' ? 'the domain is not a valid (internationalised) host name' : domainProblem(ascii);
    if (problem === undefined) {
      asciiDomain = ascii;
      domain = domainToUnicode(ascii);
    }
  }

  if (localPart === '') return invalid('the local part (before the @) is empty', asciiDomain, domain);
  if (localPart.startsWith('"')) return invalid('quoted local parts are not accepted', asciiDomain, domain);
  if (/[^\x21-\x7e]/.test(localPart)) {
    return invalid('the local part has spaces, control or non-ASCII characters', asciiDomain, domain);
  }
  if (localPart.length > MAX_LOCAL_PART) return invalid(`the local part is longer than ${MAX_LOCAL_PART} characters`, asciiDomain, domain);
  if (!DOT_ATOM.test(localPart)) {
    return invalid(
      localPart.startsWith('.') || localPart.endsWith('.') || localPart.includes('..')
        ? 'the local part starts or ends with a dot, or has two dots in a row'
        : 'the local part contains characters not allowed outside quotes',
      asciiDomain,
      domain,
    );
  }
  if (problem !== undefined) return invalid(problem, asciiDomain, domain);
  if (localPart.length + 1 + asciiDomain!.length > MAX_ADDRESS) {
    return invalid(`the address is longer than ${MAX_ADDRESS} characters`, asciiDomain, domain);
  }
  return { valid: true, localPart, domain, asciiDomain };
}
