/**
 * The role categories of spec 4.11 (main category → sub-categories), names only: the endpoint registry
 * (bundled into every handler) lists them in the API reference; lib/email/roles.ts maps words to them.
 */
export const ROLE_CATEGORY_NAMES = {
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
} as const;

export type MainCategory = keyof typeof ROLE_CATEGORY_NAMES;
export type SubCategory = (typeof ROLE_CATEGORY_NAMES)[MainCategory][number];
