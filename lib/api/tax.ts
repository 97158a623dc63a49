import * as z from 'zod/mini';
import { sampleField } from '../http/sample';
import { defineEndpoint } from '../http/definition';
import { booleanParam, decimalParam, enumParam, integerParam, patternParam, textParam } from '../http/params';
import { InvalidParameterError } from '../http/errors';
import { referenceData } from '../reference/referenceData';
import { onlyFederal, parseRegions } from '../tax/incomeTaxTables';
import { US_STATE_CODES, US_TERRITORY_CODES } from '../geo/usStates';
import { FEDERAL, regionCodes, regionNoun, TAX_COUNTRIES, type TaxCountry } from '../tax/regionCodes';
import { availableYears, describeYears, TAX_TABLES_FILE, type TaxTablesFile } from '../tax/tables';
import { US_FILING_STATUSES } from '../tax/types';
import { REFERENCE_DATA } from '../http/caching';

const MAX_AMOUNT = 1_000_000_000_000;
const amount = (description: string) => decimalParam(0, MAX_AMOUNT, description, 2);

const bracket = () => z.object({ min: z.number(), max: z.nullable(z.number()), rate: z.number(), base: z.optional(z.number()) });
// an object with one property per filing status (a record keyed by an enum would not list them in the API reference)
const byFilingStatus = <T extends z.ZodMiniType>(value: T) =>
  z.object(Object.fromEntries(US_FILING_STATUSES.map((status) => [status, value])) as Record<(typeof US_FILING_STATUSES)[number], T>);
// nested by filing status as the live service answers (CONTRACT turn 3): federal.<status>.brackets
const usTable = () =>
  byFilingStatus(z.object({ brackets: z.array(bracket()), standard_deduction: z.number(), estimated: z.optional(z.literal(true)) }));
const caTable = () => z.object({ brackets: z.array(bracket()), basic_personal_amount: z.number(), estimated: z.optional(z.literal(true)) });
const fica = () => z.object({
  social_security_rate: z.number(),
  social_security_wage_cap: z.number(),
  medicare_rate: z.number(),
  additional_medicare_rate: z.number(),
  additional_medicare_threshold: byFilingStatus(z.number()),
});

const countryOf = (param: string): TaxCountry => (param === 'us' ? 'US' : 'CA');

/** Checks a year against the tables we have (400 listing them). */
function checkYear(country: TaxCountry, year: number, param: string): void {
  const years = availableYears(referenceData<TaxTablesFile>(TAX_TABLES_FILE), country);
  if (!years.includes(year)) {
    throw new InvalidParameterError(`Parameter '${param}' must be a year we have ${country} tables for: ${describeYears(years)}.`, param);
  }
}

const PROPERTY_TAX_STATES = [...US_STATE_CODES, ...US_TERRITORY_CODES] as readonly string[];

/** Tax (spec 4.9): income tax tables, calculator, property tax. */
export const taxEndpoints = {
  incomeTax: defineEndpoint({
    path: '/v2/incometax',
    method: 'GET',
    entry: 'functions/incomeTax.ts',
    summary: 'Income tax brackets, standard deductions and payroll-tax parameters for the US and Canada',
    description:
      'Brackets are [{min, max, rate}] with rate a decimal (0.22) and max null on the top bracket; a bracket taxes the part of ' +
      "taxable income from min up to max. Where the law adds a fixed amount at a bracket's start, the bracket also carries " +
      'base, the tax owed at min: for taxable income above min (up to max) tax = base + rate × (income − min) (Ohio 2024: ' +
      '{min: 26050, max: 100000, rate: 0.0275, base: 360.69}, "$360.69 plus 2.75 % of the excess over $26,050"; Arkansas ' +
      'writes its bracket adjustment and high-income table this way); without base the tax owed at min is what the brackets ' +
      'below add up to. A table some of whose figures are not yet published and were estimated (2026 thresholds indexed by an ' +
      'assumed rate, a 2025 rate or amount assumed unchanged) carries estimated: true; other tables have no estimated field. ' +
      'US tables (federal and each state) have one object per filing status (single, married = married filing jointly, ' +
      'married_separate, head_of_household), each with its brackets and standard_deduction (and estimated), e.g. ' +
      'federal.single.brackets, as the live API Ninjas service nests them; Canadian tables carry the basic personal amount ' +
      '(a non-refundable credit at the lowest rate). `year` must be a year we have tables for (the 400 lists them): US federal ' +
      'years are those the PSLmodels Tax-Calculator current-law file states (no projections); US state and Canadian tables ' +
      'cover the years they were written for from official publications. Free keys get country, year and federal. Paid keys ' +
      'also get fica (US: employee-share social security and Medicare rates, social security wage cap, Additional Medicare ' +
      'rate and its threshold per filing status) and states (US) or provinces (CA), keyed by 2-letter code. `regions` ' +
      '(comma list of 2-letter codes and/or federal; unset = all) is a paid-plan parameter: a free key may send regions=federal ' +
      '(what it gets anyway) and gets 403 plan_required for any other value. With regions set, states/provinces hold just the ' +
      'codes asked for ({} for regions=federal); a code we have no table for in that year → 404 no_data; with regions unset, ' +
      'states/provinces hold every table of the year ({} for years without regional tables).',
    access: 'all',
    metering: 'quota',
    cache: REFERENCE_DATA,
    params: () => z.object({
      country: enumParam(TAX_COUNTRIES, 'US or CA (case-insensitive)'),
      year: integerParam(1900, 2100, 'tax year (one we have tables for)'),
      regions: z.optional(
        textParam(400, 'paid plans: comma-separated 2-letter state (US) or province/territory (CA) codes and/or federal; unset = all'),
      ),
    }),
    paramGates: { regions: { access: 'premium', freeValue: (regions) => regions !== undefined && onlyFederal(regions) } },
    rules: (p) => {
      const country = countryOf(p.country);
      if (p.regions !== undefined) {
        const regions = parseRegions(p.regions);
        const valid = regionCodes(country);
        const unknown = regions.filter((r) => r !== FEDERAL && !valid.includes(r));
        if (regions.length === 0 || unknown.length > 0) {
          throw new InvalidParameterError(
            `Parameter 'regions' has ${regions.length === 0 ? 'no codes' : `unknown codes for ${country}: ${unknown.join(', ')}`}; use ${FEDERAL} and/or ${
              regionNoun(country).one
            } codes: ${valid.join(', ')}.`,
            'regions',
          );
        }
      }
      checkYear(country, p.year, 'year');
    },
    response: {
      json: () => z.object({
        country: z.enum(['US', 'CA']),
        year: z.int(),
        federal: z.union([usTable(), caTable()]),
        fica: z.optional(fica()),
        states: z.optional(z.record(z.string(), usTable())),
        provinces: z.optional(z.record(z.string(), caTable())),
      }),
    },
    layers: ['referenceData'],
  }),
  incomeTaxCalculator: defineEndpoint({
    path: '/v1/incometaxcalculator',
    method: 'GET',
    entry: 'functions/incomeTaxCalculator.ts',
    summary: 'Estimate federal, payroll and state/provincial income tax for an annual income',
    description:
      'A simplified estimate, not tax advice. Taxable income = income − deductions, never below 0; deductions default to the ' +
      "filing status's federal standard deduction (US) or to 0 (Canada). Federal tax = the year's brackets on taxable income " +
      '− credits, never below 0; in Canada the federal basic personal amount is first taken as a non-refundable credit at the ' +
      'lowest federal rate (no income-tested reduction). US FICA (paid plans): social security at the employee rate up to the ' +
      'wage cap and Medicare on all wages; fica_medicare includes the Additional Medicare Tax (0.9 %) above the filing ' +
      "status's threshold (200,000 single/head of household, 250,000 married, 125,000 married_separate). self_employed=true " +
      '(US only; with CA → 400) taxes net earnings of income × 92.35 % (income less the employer shares) at both shares ' +
      '(rates 0.124 and 0.029); the deductible half of self-employment tax is not subtracted — include it in deductions. ' +
      "Region (paid plans): a US state's brackets on income − (deductions, else the state's standard deduction for the " +
      "filing status); a province's brackets on the federal taxable income less its basic personal amount credit at its " +
      'lowest rate. Brackets with a base (Ohio, Arkansas; see /v2/incometax) add it as the law states. estimated: true appears ' +
      'when a table behind the fields shown is an estimate (see /v2/incometax). Not modelled: AMT, surtaxes (e.g. Ontario), the Ontario Health Premium, local income taxes, CPP/EI, ' +
      'tax on capital gains or dividends, phase-outs. Money is rounded to cents and rates to 4 decimals (0.1384 = 13.84 %); ' +
      'totals add the rounded parts; effective rates divide by income (0 when income is 0). tax_year defaults to the latest ' +
      "year we have for the country. filing_status is required for US and not used for CA. Free keys get income, " +
      'taxable_income, deductions (the amount applied), credits, federal_effective_rate, federal_taxes_owed (plus country, ' +
      'region, tax_year); paid keys also get the FICA fields (US), region_effective_rate, region_taxes_owed, total_taxes_owed ' +
      "(federal + FICA + region), income_after_tax and total_effective_tax_rate. For paid keys a tax_year without the region's " +
      'table → 404 no_data.',
    access: 'all',
    metering: 'quota',
    cache: REFERENCE_DATA,
    params: () => z.object({
      country: enumParam(TAX_COUNTRIES, 'US or CA (case-insensitive)'),
      region: patternParam(/^[A-Za-z]{2}$/, 'a 2-letter state (US) or province/territory (CA) code', 'state or province/territory code'),
      income: amount('annual gross income (wages, or net self-employment income)'),
      tax_year: z.optional(integerParam(1900, 2100, 'tax year; default the latest year we have for the country')),
      filing_status: z.optional(enumParam(US_FILING_STATUSES, 'US filing status (required for US; not used for CA)')),
      deductions: z.optional(amount('total deductions; default the standard deduction (US) or none (CA)')),
      credits: z.optional(amount('total tax credits, subtracted from federal tax')),
      self_employed: z._default(booleanParam('true for self-employment income (US only)'), false),
    }),
    // unless the country is CA (also while it is missing or invalid: the 400 names it with the others)
    requiredWhen: { filing_status: { when: 'for US', applies: (values) => values.country?.toLowerCase() !== 'ca' } },
    rules: (p) => {
      const country = countryOf(p.country);
      const region = p.region.toUpperCase();
      if (!regionCodes(country).includes(region)) {
        throw new InvalidParameterError(
          `Parameter 'region' must be a ${regionNoun(country).one} code of ${country}: ${regionCodes(country).join(', ')}.`,
          'region',
        );
      }
      if (country === 'CA' && p.self_employed) {
        throw new InvalidParameterError("Parameter 'self_employed' applies to US only (Canada: leave it unset or false).", 'self_employed');
      }
      if (p.tax_year !== undefined) checkYear(country, p.tax_year, 'tax_year');
    },
    response: {
      json: () => z.object({
        country: z.enum(['US', 'CA']),
        region: z.string(),
        tax_year: z.string().check(z.meta({ description: 'the tax year, as a string ("2025") as the live service sends it' })),
        income: z.number(),
        taxable_income: z.number(),
        deductions: z.number(),
        credits: z.number(),
        federal_effective_rate: z.number(),
        federal_taxes_owed: z.number(),
        fica_social_security: z.optional(z.number()),
        fica_social_security_rate: z.optional(z.number()),
        fica_social_security_cap: z.optional(z.number()),
        fica_medicare: z.optional(z.number()),
        fica_medicare_rate: z.optional(z.number()),
        fica_total: z.optional(z.number()),
        region_effective_rate: z.optional(z.number()),
        region_taxes_owed: z.optional(z.number()),
        total_taxes_owed: z.optional(z.number()),
        income_after_tax: z.optional(z.number()),
        total_effective_tax_rate: z.optional(z.number()),
        estimated: z.optional(z.literal(true)),
      }),
    },
    layers: ['referenceData'],
  }),
  propertyTax: defineEndpoint({
    path: '/v1/propertytax',
    // spec 4.9: "the listing also shows … /v1/zipcode for this endpoint" (CONTRACT: answers exactly as /v1/propertytax)
    aliases: ['/v1/zipcode'],
    method: 'GET',
    entry: 'functions/propertyTax.ts',
    summary: 'Effective property-tax rate percentiles (25th, 50th, 75th) per ZIP code',
    description:
      'Percentiles are effective annual rates (taxes paid ÷ home value) of owner-occupied homes as decimals (0.0112 = 1.12 %), ' +
      'from U.S. Census ACS 5-year estimates (2020–2024): the 50th percentile is median real estate taxes paid (B25103) ÷ median ' +
      'home value (B25077). The 25th and 75th percentiles need the value quartiles (B25076, B25078) and the taxes-paid ' +
      'distribution (B25102); where the imported data hold only medians they are null, never estimated. Each result is one ZIP ' +
      'code with its city, county and state (GeoNames names). estimate_area says whose figures they are: "zip" the ZIP code\'s ' +
      'own ZCTA estimate; "county" its county\'s, where the ZCTA has none (ACS suppressed it, or published only a bound such as ' +
      '"$2,000,000 or more" or "$10,000 or more" in taxes, which gives no rate); null where neither has one (every percentile ' +
      'null). At least one of city, county, zip is required (else 400); filters combine. city is the full, case-sensitive name; ' +
      'county is case-insensitive, with or without "County"/"Parish"; state is a 2-letter code, case-insensitive. At most 100 ' +
      'results, in ZIP order. No match → 200 []. "sample": true marks results served from the built-in sample fixture ' +
      '(made-up figures, local runs without the Census data only).',
    access: 'all',
    metering: 'quota',
    cache: REFERENCE_DATA,
    params: () => z.object({
      city: z.optional(textParam(100, 'full city name, case-sensitive')),
      county: z.optional(textParam(100, 'county name, case-insensitive, with or without "County"')),
      zip: z.optional(patternParam(/^\d{5}$/, 'a 5-digit ZIP code', '5-digit ZIP code')),
      state: z.optional(patternParam(/^[A-Za-z]{2}$/, 'a 2-letter state code', '2-letter state code, case-insensitive')),
    }),
    rules: (p) => {
      if (p.city === undefined && p.county === undefined && p.zip === undefined) {
        throw new InvalidParameterError("At least one of the parameters 'city', 'county' or 'zip' is required.");
      }
      if (p.state !== undefined && !PROPERTY_TAX_STATES.includes(p.state.toUpperCase())) {
        throw new InvalidParameterError(`Parameter 'state' must be a US state, DC or territory code (${PROPERTY_TAX_STATES.join(', ')}).`, 'state');
      }
    },
    response: {
      json: () => z.array(
        z.object({
          state: z.string(),
          county: z.string(),
          city: z.string(),
          zip: z.string(),
          property_tax_25th_percentile: z.nullable(z.number()),
          property_tax_50th_percentile: z.nullable(z.number()),
          property_tax_75th_percentile: z.nullable(z.number()),
          estimate_area: z.nullable(z.enum(['zip', 'county'])),
          sample: sampleField(),
        }),
      ),
    },
    layers: ['referenceData'],
  }),
};
