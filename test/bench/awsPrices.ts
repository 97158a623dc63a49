/**
 * The AWS list prices `npm run bench` prices a call at (its "Cost of a call" section): one place, with their
 * region and date. eu-west-1 (Europe, Ireland), the region the README's operator checklist deploys to: Binance
 * answers 451 to US addresses, AWS's US regions included. On-demand prices, USD, before free tiers and without
 * tax. This machine cannot reach AWS: the figures (usage type, price, catalog version and offer file of each) are
 * copied from a public snapshot of the AWS Price List API's eu-west-1 offer files, recorded on 2026-10-04
 * (`checked`): github.com/henderjm/world-cup-sweepstake, docs/costs/aws-ireland-rates.json (commit 57a6d34).
 * `priceList` is the offer file each came from; `page` the human-readable pricing page that lists the same price.
 */
export const AWS_PRICES = {
  region: 'eu-west-1',
  checked: '2026-10-04',
  currency: 'USD',
  /** HTTP API requests (payload 2.0), per request: the first 300 million of a month */
  apiGatewayHttpRequest: {
    usd: 1.11e-6,
    usageType: 'EU-ApiGatewayHttpRequest',
    published: '2026-10-02',
    page: 'https://aws.amazon.com/api-gateway/pricing/',
    priceList: 'https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonApiGateway/20261002231501/eu-west-1/index.json',
  },
  /** Lambda requests, per request */
  lambdaRequest: {
    usd: 2e-7,
    usageType: 'EU-Request',
    published: '2026-10-01',
    page: 'https://aws.amazon.com/lambda/pricing/',
    priceList: 'https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AWSLambda/20261001184746/eu-west-1/index.json',
  },
  /** Lambda duration on x86_64, per GB-second (the first 6 billion GB-seconds of a month), billed per 1 ms */
  lambdaGbSecondX86: {
    usd: 0.0000166667,
    usageType: 'EU-Lambda-GB-Second',
    published: '2026-10-01',
    page: 'https://aws.amazon.com/lambda/pricing/',
    priceList: 'https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AWSLambda/20261001184746/eu-west-1/index.json',
  },
  /** DynamoDB on-demand write request unit (standard table class) */
  dynamoWriteRequestUnit: {
    usd: 7.05e-7,
    usageType: 'EU-WriteRequestUnits',
    published: '2026-09-11',
    page: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
    priceList: 'https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonDynamoDB/20260911124422/eu-west-1/index.json',
  },
  /** DynamoDB on-demand read request unit (standard table class) */
  dynamoReadRequestUnit: {
    usd: 1.415e-7,
    usageType: 'EU-ReadRequestUnits',
    published: '2026-09-11',
    page: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
    priceList: 'https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonDynamoDB/20260911124422/eu-west-1/index.json',
  },
} as const;

/** What one call costs, in USD, by part. */
export interface CallCost {
  apiGateway: number;
  lambdaRequest: number;
  lambdaDuration: number;
  dynamoWrites: number;
  dynamoReads: number;
  total: number;
}

/**
 * One call's cost at these prices: an HTTP API request, a Lambda request, `billedMs` of duration at `memoryMb`
 * (x86_64), and the DynamoDB units it billed.
 */
export function callCost(memoryMb: number, billedMs: number, units: { read: number; write: number }): CallCost {
  const parts = {
    apiGateway: AWS_PRICES.apiGatewayHttpRequest.usd,
    lambdaRequest: AWS_PRICES.lambdaRequest.usd,
    lambdaDuration: (memoryMb / 1024) * (billedMs / 1000) * AWS_PRICES.lambdaGbSecondX86.usd,
    dynamoWrites: units.write * AWS_PRICES.dynamoWriteRequestUnit.usd,
    dynamoReads: units.read * AWS_PRICES.dynamoReadRequestUnit.usd,
  };
  return { ...parts, total: Object.values(parts).reduce((a, b) => a + b, 0) };
}
