import { parseEmail } from '../../lib/email/syntax';

const repeat = (char: string, n: number) => char.repeat(n);
/** a host name of exactly `length` ASCII characters ending in .com, from labels of at most 63 */
function domainOfLength(length: number): string {
  const labels: string[] = [];
  let remaining = length - 'com'.length;
  const letters = 'abcdefgh';
  while (remaining > 0) {
    // each label costs its length plus the dot after it
    const size = Math.min(63, remaining - 1);
    labels.push(repeat(letters[labels.length]!, size));
    remaining -= size + 1;
  }
  return `${labels.join('.')}.com`;
}

describe('parseEmail: valid addresses', () => {
  test.each([
    ['plain address', 'jane@example.com'],
    ['sub-address (+tag)', 'jane+news@example.com'],
    ['dots between atoms', 'jane.q.doe@example.com'],
    ['every special character RFC 5322 allows in an atom', "!#$%&'*+/=?^_`{|}~-@example.com"],
    ['digits-only local part', '12345@example.com'],
    ['hyphen inside a domain label', 'a@my-company.co.uk'],
    ['digits in a domain label', 'a@123abc.example'],
    ['an IDN top-level domain in punycode', 'a@example.xn--p1ai'],
  ])('accepts a %s', (_name, email) => {
    // Prepare: the address

    // Act
    const parsed = parseEmail(email);

    // Assess
    expect(parsed.valid).toBe(true);
    expect(parsed.problem).toBeUndefined();
    expect(`${parsed.localPart}@${parsed.asciiDomain}`).toBe(email);
  });

  test('splits at the last @ and keeps the local part as given but the domain in lower case', () => {
    // Prepare
    const email = 'Jane.Doe@Example.COM';

    // Act
    const parsed = parseEmail(email);

    // Assess
    expect(parsed).toEqual({ valid: true, localPart: 'Jane.Doe', domain: 'example.com', asciiDomain: 'example.com' });
  });

  test('accepts an internationalised domain and looks it up in punycode (RFC 3492 form of bücher.de)', () => {
    // Prepare
    const email = 'info@Bücher.de';

    // Act
    const parsed = parseEmail(email);

    // Assess
    expect(parsed.valid).toBe(true);
    expect(parsed.domain).toBe('bücher.de');
    expect(parsed.asciiDomain).toBe('xn--bcher-kva.de');
  });

  test('shows a punycode domain in its Unicode form', () => {
    // Prepare
    const email = 'info@xn--bcher-kva.de';

    // Act
    const parsed = parseEmail(email);

    // Assess
    expect(parsed.domain).toBe('bücher.de');
  });

  test('accepts a local part of exactly 64 characters and a label of exactly 63', () => {
    // Prepare
    const email = `${repeat('x', 64)}@${repeat('y', 63)}.com`;

    // Act
    const parsed = parseEmail(email);

    // Assess
    expect(parsed.valid).toBe(true);
  });

  test('accepts a domain of 252 characters, the longest a one-character local part leaves within 254', () => {
    // Prepare
    const domain = domainOfLength(252);

    // Act
    const parsed = parseEmail(`a@${domain}`);

    // Assess
    expect(domain).toHaveLength(252);
    expect(parsed.valid).toBe(true);
  });

  test('accepts an address of exactly 254 characters', () => {
    // Prepare
    const email = `${repeat('x', 64)}@${domainOfLength(254 - 65)}`;

    // Act
    const parsed = parseEmail(email);

    // Assess
    expect(email).toHaveLength(254);
    expect(parsed.valid).toBe(true);
  });
});

describe('parseEmail: invalid addresses', () => {
  test.each([
    ['an empty local part', '@example.com', /local part .* empty/],
    ['a local part of 65 characters', `${repeat('x', 65)}@example.com`, /longer than 64/],
    ['a leading dot', '.jane@example.com', /dot/],
    ['a trailing dot in the local part', 'jane.@example.com', /dot/],
    ['two dots in a row', 'jane..doe@example.com', /dot/],
    ['a quoted local part', '"jane doe"@example.com', /quoted/],
    ['a space', 'jane doe@example.com', /spaces/],
    ['a non-ASCII local part', 'jöran@example.com', /non-ASCII/],
    ['a comment', 'jane(comment)@example.com', /not allowed/],
    ['a second @', 'jane@doe@example.com', /not allowed/],
    ['an empty domain', 'jane@', /domain is empty/],
    ['an address literal', 'jane@[192.0.2.1]', /address literals/],
    ['a domain without top-level domain', 'jane@localhost', /no top-level domain/],
    ['a numeric top-level domain', 'jane@192.0.2.1', /top-level domain/],
    ['a one-letter top-level domain', 'jane@example.c', /top-level domain/],
    ['a label starting with a hyphen', 'jane@-example.com', /label/],
    ['a label ending with a hyphen', 'jane@example-.com', /label/],
    ['an underscore in the domain', 'jane@ex_ample.com', /characters not allowed/],
    ['a percent-encoded domain', 'jane@ex%41mple.com', /characters not allowed/],
    ['a trailing dot in the domain', 'jane@example.com.', /empty label/],
    ['two dots in the domain', 'jane@example..com', /empty label/],
    ['a label of 64 characters', `jane@${repeat('y', 64)}.com`, /label/],
    ['a domain of 253 characters after a one-character local part (255 in all)', `a@${domainOfLength(253)}`, /address is longer than 254/],
    ['a domain of 254 characters', `a@${domainOfLength(254)}`, /domain is longer than 253/],
    ['an address of 255 characters', `${repeat('x', 64)}@${domainOfLength(255 - 65)}`, /longer than 254/],
    ['an invalid punycode label', 'jane@xn--zz.com', /not a valid/],
  ])('refuses %s', (_name, email, problem) => {
    // Prepare: the address

    // Act
    const parsed = parseEmail(email);

    // Assess
    expect(parsed.valid).toBe(false);
    expect(parsed.problem).toMatch(problem);
  });

  test('reports neither local part nor domain when there is no @', () => {
    // Prepare
    const email = 'jane.example.com';

    // Act
    const parsed = parseEmail(email);

    // Assess
    expect(parsed).toEqual({ valid: false, problem: 'the address has no @', localPart: null, domain: null, asciiDomain: null });
  });

  test('still reports a valid domain when only the local part is wrong', () => {
    // Prepare
    const email = 'jane..doe@Example.com';

    // Act
    const parsed = parseEmail(email);

    // Assess
    expect(parsed.valid).toBe(false);
    expect(parsed.localPart).toBe('jane..doe');
    expect(parsed.asciiDomain).toBe('example.com');
  });

  test('reports an invalid domain as written (lower case) but gives no ASCII form to look up', () => {
    // Prepare
    const email = 'jane@Ex_Ample.com';

    // Act
    const parsed = parseEmail(email);

    // Assess
    expect(parsed.domain).toBe('ex_ample.com');
    expect(parsed.asciiDomain).toBeNull();
  });
});
