/**
 * Role addresses: local parts that name a function (postmaster@, sales@, noreply@) rather than a person,
 * in the categories of spec 4.11. Each category lists the local-part words that map to it, in normalised
 * form (see `normaliseLocalPart`). Words follow RFC 2142 (mailbox names for common services) where it has
 * them, and common practice elsewhere; every word maps to exactly one sub-category.
 */
import type { MainCategory, ROLE_CATEGORY_NAMES, SubCategory } from './categories';

export type { MainCategory, SubCategory } from './categories';

/** words per sub-category, with exactly the categories of ROLE_CATEGORY_NAMES */
type RoleWords = { [M in MainCategory]: { [S in (typeof ROLE_CATEGORY_NAMES)[M][number]]: readonly string[] } };

export const ROLE_CATEGORIES = {
  technical_operations: {
    smtp_mail_administration: [
      'postmaster', 'mailerdaemon', 'mailadmin', 'mailmaster', 'emailadmin', 'mailadministrator', 'smtp', 'imap', 'pop',
      'mailserver', 'exchange', 'mailsupport',
    ],
    dns_domain_administration: ['hostmaster', 'dns', 'dnsadmin', 'domains', 'domain', 'domainadmin', 'nic', 'whois', 'zone', 'zoneadmin'],
    web_server_administration: ['webmaster', 'webadmin', 'www', 'web', 'website', 'webmistress', 'hosting', 'server', 'servers', 'ftp', 'ssl'],
    network_operations: [
      'noc', 'network', 'networks', 'netadmin', 'netops', 'sysadmin', 'sysops', 'root', 'admin', 'administrator', 'it',
      'itsupport', 'ithelpdesk', 'infrastructure', 'devops', 'sre', 'ops', 'operator', 'peering', 'ipadmin',
    ],
  },
  customer_engagement: {
    general_inquiries: [
      'info', 'information', 'contact', 'contactus', 'hello', 'hi', 'hey', 'enquiries', 'enquiry', 'inquiries', 'inquiry',
      'office', 'mail', 'email', 'general', 'reception', 'questions', 'ask', 'team', 'welcome', 'kontakt', 'contacto',
    ],
    sales_business_development: [
      'sales', 'bizdev', 'businessdevelopment', 'partners', 'partnerships', 'partner', 'deals', 'quotes', 'quote',
      'wholesale', 'resellers', 'reseller', 'affiliates', 'affiliate', 'leads', 'newbusiness', 'vertrieb', 'ventas', 'commercial',
    ],
    customer_support: [
      'support', 'help', 'helpdesk', 'customerservice', 'customercare', 'care', 'service', 'services', 'customersupport',
      'techsupport', 'technicalsupport', 'feedback', 'complaints', 'cs', 'servicedesk', 'tickets', 'ticket', 'customers',
      'clientservices', 'success', 'customersuccess', 'contactcenter',
    ],
    billing_orders: [
      'billing', 'invoices', 'invoice', 'invoicing', 'payments', 'payment', 'orders', 'order', 'subscriptions',
      'subscription', 'renewals', 'refunds', 'refund', 'purchases', 'purchase', 'accountsreceivable',
    ],
  },
  automated_transactional: {
    noreply_unmonitored: [
      'noreply', 'donotreply', 'dontreply', 'noresponse', 'noanswer', 'unmonitored', 'nobody', 'null', 'void', 'bounce',
      'bounces', 'return', 'returnpath',
    ],
    notifications_alerts: [
      'notifications', 'notification', 'notify', 'notifier', 'alerts', 'alert', 'alarm', 'alarms', 'monitoring',
      'monitor', 'status', 'updates', 'reminders', 'reminder', 'system', 'daemon', 'robot', 'bot', 'automated',
      'automailer', 'cron', 'watchdog',
    ],
    transactional_processing: [
      'receipts', 'receipt', 'confirm', 'confirmation', 'confirmations', 'transactions', 'transaction', 'verify',
      'verification', 'registration', 'register', 'signup', 'activation', 'activate', 'password', 'passwordreset',
      'otp', 'auth', 'login', 'accounts', 'mailer',
    ],
  },
  corporate_functions: {
    human_resources: [
      'hr', 'humanresources', 'jobs', 'job', 'careers', 'career', 'recruiting', 'recruitment', 'recruiter', 'talent',
      'hiring', 'people', 'personnel', 'applications', 'apply', 'staff', 'benefits', 'internships', 'internship',
      'employment', 'cv', 'resumes', 'karriere', 'bewerbung',
    ],
    finance_accounting: [
      'finance', 'accounting', 'accountspayable', 'payable', 'receivable', 'tax', 'taxes', 'treasury', 'payroll',
      'controller', 'controlling', 'bookkeeping', 'expenses', 'investors', 'investorrelations', 'ir', 'cfooffice',
      'buchhaltung',
    ],
    legal_contracts: [
      'legal', 'law', 'lawyer', 'counsel', 'generalcounsel', 'contracts', 'contract', 'dmca', 'copyright', 'trademark',
      'trademarks', 'notices', 'legalnotices', 'licensing', 'license', 'patents', 'impressum', 'subpoena',
    ],
    operations_facilities: [
      'operations', 'facilities', 'facility', 'logistics', 'procurement', 'purchasing', 'supplychain', 'supply',
      'suppliers', 'vendors', 'vendor', 'maintenance', 'fleet', 'warehouse', 'officemanager',
      'inventory', 'administration',
    ],
    research_development: [
      'research', 'rnd', 'randd', 'development', 'dev', 'developers', 'developer', 'engineering', 'engineers',
      'lab', 'labs', 'innovation', 'science', 'api', 'product', 'products',
    ],
  },
  security_compliance: {
    abuse_incident_response: [
      'abuse', 'incident', 'incidents', 'cert', 'csirt', 'spam', 'phishing', 'fraud', 'reportabuse', 'abusedesk',
      'takedown', 'reportphishing',
    ],
    security_operations: [
      'security', 'secops', 'soc', 'infosec', 'itsecurity', 'securityteam', 'vulnerability', 'vulnerabilities',
      'vuln', 'disclosure', 'psirt', 'bugbounty', 'pentest',
    ],
    privacy_regulatory_compliance: [
      'privacy', 'dpo', 'gdpr', 'dataprotection', 'datenschutz', 'compliance', 'ccpa', 'regulatory', 'ethics',
      'whistleblower', 'dsar', 'audit', 'optout', 'dataprivacy',
    ],
  },
  executive_leadership: {
    csuite_executives: [
      'ceo', 'cfo', 'cto', 'coo', 'cio', 'ciso', 'cmo', 'cso', 'cpo', 'chro', 'cco', 'cro', 'founder', 'founders',
      'cofounder', 'president', 'owner', 'chairman', 'chairwoman', 'executive', 'executives', 'exec',
      'managingdirector', 'vorstand', 'geschaeftsfuehrung',
    ],
    management_boards: [
      'board', 'boardofdirectors', 'directors', 'director', 'management', 'managers', 'manager', 'leadership',
      'trustees', 'governors', 'advisoryboard', 'committee', 'companysecretary', 'secretary', 'chair',
      'shareholders', 'supervisoryboard', 'aufsichtsrat', 'partnersboard',
    ],
  },
  industry_specific: {
    hospitality_travel: [
      'reservations', 'reservation', 'booking', 'bookings', 'frontdesk', 'concierge', 'travel', 'hotel',
      'guestservices', 'guests', 'guest', 'tours', 'restaurant', 'catering', 'rooms', 'banquets',
      'checkin',
    ],
    ecommerce_retail: [
      'shop', 'store', 'webshop', 'onlineshop', 'returns', 'shipping', 'delivery', 'deliveries', 'retail',
      'merchandise', 'checkout', 'cart', 'tracking', 'ecommerce', 'marketplace', 'sellers', 'seller', 'exchanges',
    ],
    education: [
      'admissions', 'admission', 'students', 'student', 'registrar', 'faculty', 'alumni', 'library', 'principal',
      'school', 'teachers', 'teacher', 'enrollment', 'enrolment', 'academics', 'academic', 'tuition', 'courses',
      'learning', 'training', 'studentaffairs', 'deansoffice',
    ],
    healthcare_medical: [
      'appointments', 'appointment', 'patients', 'patient', 'clinic', 'doctor', 'doctors', 'nurse', 'nursing',
      'pharmacy', 'medical', 'health', 'healthcare', 'dental', 'hospital', 'medicalrecords', 'prescriptions',
      'praxis', 'surgery',
    ],
    real_estate_property: [
      'realestate', 'property', 'properties', 'lettings', 'rentals', 'rental', 'leasing', 'tenants', 'tenant',
      'landlord', 'realty', 'homes', 'listings', 'estates', 'propertymanagement', 'viewings', 'immobilien', 'housing',
    ],
    financial_services_banking: [
      'banking', 'bank', 'loans', 'loan', 'mortgage', 'mortgages', 'credit', 'cards', 'investments', 'invest',
      'wealth', 'trading', 'brokerage', 'insurance', 'claims', 'kyc', 'aml', 'lending', 'deposits',
    ],
    media_publishing: [
      'editor', 'editorial', 'editors', 'publishing', 'publisher', 'submissions', 'submission', 'letters', 'tips',
      'newstips', 'redaktion', 'journal', 'authors', 'author', 'contributors', 'corrections', 'syndication',
    ],
  },
  nonprofit_government: {
    nonprofit_government: [
      'donations', 'donation', 'donate', 'donors', 'volunteer', 'volunteers', 'fundraising', 'charity', 'foundation',
      'grants', 'membership', 'members', 'council', 'mayor', 'government', 'gov', 'citizens', 'publicservice', 'foia',
      'clerk', 'constituents', 'ngo', 'giving', 'outreach', 'townhall', 'cityhall', 'ombudsman',
    ],
  },
  marketing_communications: {
    press_media_relations: [
      'press', 'media', 'pr', 'publicrelations', 'communications', 'comms', 'mediarelations', 'pressoffice',
      'newsroom', 'presse', 'prensa', 'spokesperson', 'journalists',
    ],
    marketing_operations: [
      'marketing', 'promo', 'promotions', 'promotion', 'advertising', 'ads', 'adops', 'campaigns', 'campaign',
      'brand', 'branding', 'social', 'socialmedia', 'seo', 'growth', 'events', 'event', 'sponsorship', 'sponsors',
      'influencers', 'offers', 'crm',
    ],
    newsletter_content: [
      'newsletter', 'newsletters', 'news', 'content', 'blog', 'digest', 'weekly', 'subscribe', 'unsubscribe', 'list',
      'lists', 'mailinglist', 'announcements', 'announce', 'editorialteam', 'magazine', 'podcast',
    ],
  },
} as const satisfies RoleWords;

export interface Role {
  main_category: MainCategory;
  sub_category: SubCategory;
}

/** normalised word → its role */
const ROLE_BY_WORD: ReadonlyMap<string, Role> = (() => {
  const map = new Map<string, Role>();
  for (const [main, subs] of Object.entries(ROLE_CATEGORIES)) {
    for (const [sub, words] of Object.entries(subs as Record<string, readonly string[]>)) {
      for (const word of words) {
        const key = normaliseWord(word);
        const role = { main_category: main as MainCategory, sub_category: sub as SubCategory };
        const earlier = map.get(key);
        if (earlier && earlier.sub_category !== role.sub_category) {
          throw new Error(`role word '${word}' is listed under both ${earlier.sub_category} and ${sub}`);
        }
        map.set(key, role);
      }
    }
  }
  return map;
})();

/** lower case without separators: "No-Reply" → "noreply" */
function normaliseWord(word: string): string {
  return word.toLowerCase().replace(/[\s._-]+/g, '');
}

/**
 * The forms of a local part that may name a role: lower case, the +tag (sub-address) removed, dots, dashes
 * and underscores removed; then the same without a trailing number ("support2", "sales-01").
 */
export function normaliseLocalPart(localPart: string): string[] {
  const untagged = localPart.toLowerCase().split('+')[0]!;
  const word = normaliseWord(untagged);
  const withoutNumber = word.replace(/\d+$/, '');
  return withoutNumber && withoutNumber !== word ? [word, withoutNumber] : [word];
}

/** The role a local part names, or null when it looks like a personal address. */
export function roleOf(localPart: string): Role | null {
  for (const form of normaliseLocalPart(localPart)) {
    const role = ROLE_BY_WORD.get(form);
    if (role) return { ...role };
  }
  return null;
}
