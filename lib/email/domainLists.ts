/**
 * Disposable and free (public) mail providers, from the reference-data file `email-domains.json` built by
 * lib/email/import.ts: { disposable: [...], free: [...] }, ASCII domains in lower case; the free list has
 * the disposable domains removed.
 */
export const EMAIL_DOMAINS_FILE = 'email-domains.json';

export interface EmailDomainListsFile {
  disposable: string[];
  free: string[];
}

export interface EmailDomainLists {
  disposable: ReadonlySet<string>;
  free: ReadonlySet<string>;
}

export function indexDomainLists(file: EmailDomainListsFile): EmailDomainLists {
  return { disposable: new Set(file.disposable), free: new Set(file.free) };
}

/** The domain and its parent domains, down to (not including) the top-level domain: a.b.example.com → a.b.example.com, b.example.com, example.com. */
function selfAndParents(domain: string): string[] {
  const labels = domain.split('.');
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
}

/**
 * is_disposable: the domain or a parent domain is a disposable provider (they hand out sub-domains);
 * is_public: the domain itself is a free mail provider.
 */
export function classifyDomain(asciiDomain: string, lists: EmailDomainLists): { is_disposable: boolean; is_public: boolean } {
  const domain = asciiDomain.toLowerCase();
  return {
    is_disposable: selfAndParents(domain).some((candidate) => lists.disposable.has(candidate)),
    is_public: lists.free.has(domain),
  };
}
