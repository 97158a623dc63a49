/**
 * /v1/validateemail: syntax, mail acceptance of the domain (DNS), disposable / free provider, role address.
 * is_valid = the syntax is acceptable AND the domain accepts mail (usable MX, or no MX but an A/AAAA
 * record; not a null MX, not a non-existent domain).
 */
import type { DnsResolver } from '../web/dns';
import { classifyDomain, type EmailDomainLists } from './domainLists';
import { checkMailDomain } from './mailDomain';
import { roleOf, type MainCategory, type SubCategory } from './roles';
import { parseEmail } from './syntax';

export interface EmailValidation {
  is_valid: boolean;
  domain: string | null;
  email: string;
  local_part: string | null;
  is_disposable: boolean;
  is_public: boolean;
  main_category: MainCategory | null;
  sub_category: SubCategory | null;
  mx_records: boolean;
}

/**
 * Validates `email`. Rejects with a DnsLookupError when the DNS gave no answer (timeout, server failure):
 * the address is then neither known good nor known bad.
 */
export async function validateEmail(email: string, deps: { lists: EmailDomainLists; resolver: DnsResolver }): Promise<EmailValidation> {
  const parsed = parseEmail(email);
  const role = parsed.localPart ? roleOf(parsed.localPart) : null;
  const lists = parsed.asciiDomain ? classifyDomain(parsed.asciiDomain, deps.lists) : { is_disposable: false, is_public: false };
  // the DNS is asked whenever the domain is valid, so mx_records describes the domain even when the local part is not
  const mail = parsed.asciiDomain ? await checkMailDomain(parsed.asciiDomain, deps.resolver) : { acceptsMail: false, hasMx: false };
  return {
    is_valid: parsed.valid && mail.acceptsMail,
    domain: parsed.domain,
    email,
    local_part: parsed.localPart,
    ...lists,
    main_category: role?.main_category ?? null,
    sub_category: role?.sub_category ?? null,
    mx_records: mail.hasMx,
  };
}
