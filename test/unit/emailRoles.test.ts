import { normaliseLocalPart, ROLE_CATEGORIES, roleOf } from '../../lib/email/roles';

/** Spec 4.11, copied from its text: main category → sub-categories. */
const SPEC_CATEGORIES: Record<string, string[]> = {
  technical_operations: ['smtp_mail_administration', 'dns_domain_administration', 'web_server_administration', 'network_operations'],
  customer_engagement: ['general_inquiries', 'sales_business_development', 'customer_support', 'billing_orders'],
  automated_transactional: ['noreply_unmonitored', 'notifications_alerts', 'transactional_processing'],
  corporate_functions: ['human_resources', 'finance_accounting', 'legal_contracts', 'operations_facilities', 'research_development'],
  security_compliance: ['abuse_incident_response', 'security_operations', 'privacy_regulatory_compliance'],
  executive_leadership: ['csuite_executives', 'management_boards'],
  industry_specific: [
    'hospitality_travel', 'ecommerce_retail', 'education', 'healthcare_medical', 'real_estate_property',
    'financial_services_banking', 'media_publishing',
  ],
  nonprofit_government: ['nonprofit_government'],
  marketing_communications: ['press_media_relations', 'marketing_operations', 'newsletter_content'],
};

/**
 * One everyday role address per sub-category, chosen by hand (RFC 2142 names where it has them:
 * postmaster, hostmaster, webmaster, noc, info, sales, support, abuse, security).
 */
const EXAMPLES: Array<[localPart: string, main: string, sub: string]> = [
  ['postmaster', 'technical_operations', 'smtp_mail_administration'],
  ['hostmaster', 'technical_operations', 'dns_domain_administration'],
  ['webmaster', 'technical_operations', 'web_server_administration'],
  ['noc', 'technical_operations', 'network_operations'],
  ['info', 'customer_engagement', 'general_inquiries'],
  ['sales', 'customer_engagement', 'sales_business_development'],
  ['support', 'customer_engagement', 'customer_support'],
  ['billing', 'customer_engagement', 'billing_orders'],
  ['noreply', 'automated_transactional', 'noreply_unmonitored'],
  ['alerts', 'automated_transactional', 'notifications_alerts'],
  ['receipts', 'automated_transactional', 'transactional_processing'],
  ['careers', 'corporate_functions', 'human_resources'],
  ['accounting', 'corporate_functions', 'finance_accounting'],
  ['legal', 'corporate_functions', 'legal_contracts'],
  ['facilities', 'corporate_functions', 'operations_facilities'],
  ['research', 'corporate_functions', 'research_development'],
  ['abuse', 'security_compliance', 'abuse_incident_response'],
  ['security', 'security_compliance', 'security_operations'],
  ['privacy', 'security_compliance', 'privacy_regulatory_compliance'],
  ['ceo', 'executive_leadership', 'csuite_executives'],
  ['board', 'executive_leadership', 'management_boards'],
  ['reservations', 'industry_specific', 'hospitality_travel'],
  ['returns', 'industry_specific', 'ecommerce_retail'],
  ['admissions', 'industry_specific', 'education'],
  ['appointments', 'industry_specific', 'healthcare_medical'],
  ['lettings', 'industry_specific', 'real_estate_property'],
  ['mortgages', 'industry_specific', 'financial_services_banking'],
  ['editorial', 'industry_specific', 'media_publishing'],
  ['donations', 'nonprofit_government', 'nonprofit_government'],
  ['press', 'marketing_communications', 'press_media_relations'],
  ['marketing', 'marketing_communications', 'marketing_operations'],
  ['newsletter', 'marketing_communications', 'newsletter_content'],
];

describe('ROLE_CATEGORIES', () => {
  test('has exactly the main and sub-categories of spec 4.11', () => {
    // Prepare
    const expected = Object.fromEntries(Object.entries(SPEC_CATEGORIES).map(([main, subs]) => [main, [...subs].sort()]));

    // Act
    const actual = Object.fromEntries(Object.entries(ROLE_CATEGORIES).map(([main, subs]) => [main, Object.keys(subs).sort()]));

    // Assess
    expect(actual).toEqual(expected);
  });

  test('the examples cover every sub-category of the spec', () => {
    // Prepare
    const specSubs = Object.values(SPEC_CATEGORIES).flat().sort();

    // Act
    const covered = [...new Set(EXAMPLES.map(([, , sub]) => sub))].sort();

    // Assess
    expect(covered).toEqual(specSubs);
  });

  test('every listed word is recognised as its own sub-category (no word is shadowed by another)', () => {
    // Prepare
    const listed = Object.entries(ROLE_CATEGORIES).flatMap(([main, subs]) =>
      Object.entries(subs as Record<string, readonly string[]>).flatMap(([sub, words]) => words.map((word) => ({ word, main, sub }))),
    );

    // Act
    const wrong = listed.filter(({ word, main, sub }) => {
      const role = roleOf(word);
      return role?.main_category !== main || role.sub_category !== sub;
    });

    // Assess
    expect(listed.length).toBeGreaterThan(300);
    expect(wrong).toEqual([]);
  });
});

describe('roleOf', () => {
  test.each(EXAMPLES)('maps %s@ to %s / %s', (localPart, main, sub) => {
    // Prepare: the local part

    // Act
    const role = roleOf(localPart);

    // Assess
    expect(role).toEqual({ main_category: main, sub_category: sub });
  });

  test.each([
    ['Post.Master', 'smtp_mail_administration'],
    ['MAILER-DAEMON', 'smtp_mail_administration'],
    ['no-reply', 'noreply_unmonitored'],
    ['do_not_reply', 'noreply_unmonitored'],
    ['do-not-reply', 'noreply_unmonitored'],
    ['support+billing-question', 'customer_support'],
    ['support2', 'customer_support'],
    ['sales-01', 'sales_business_development'],
    ['Customer.Service', 'customer_support'],
    ['human-resources', 'human_resources'],
  ])('normalises %s (case, +tag, dots, dashes, underscores, trailing number) to %s', (localPart, sub) => {
    // Prepare: the local part

    // Act
    const role = roleOf(localPart);

    // Assess
    expect(role?.sub_category).toBe(sub);
  });

  test.each(['jane.doe', 'john', 'j.smith1985', 'maria-garcia', 'support.jane', 'x'])('finds no role in the personal address %s', (localPart) => {
    // Prepare: the local part

    // Act
    const role = roleOf(localPart);

    // Assess
    expect(role).toBeNull();
  });
});

describe('normaliseLocalPart', () => {
  test('gives the word without separators and then without its trailing number', () => {
    // Prepare
    const localPart = 'Web-Master.01+tag';

    // Act
    const forms = normaliseLocalPart(localPart);

    // Assess
    expect(forms).toEqual(['webmaster01', 'webmaster']);
  });

  test('keeps a local part made only of digits as it is', () => {
    // Prepare
    const localPart = '2024';

    // Act
    const forms = normaliseLocalPart(localPart);

    // Assess
    expect(forms).toEqual(['2024']);
  });
});
