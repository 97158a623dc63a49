import { readdirSync, rmSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { buildApp, type ServiceStacks } from '../../infra/app';
import { endpointList, ingestionJobs } from '../../lib/api/registry';
import { apiDocumentJson } from '../../lib/api/apiDocument';
import type { IngestionJobDefinition } from '../../lib/ingest/definition';
import { IngestionStack } from '../../infra/stacks/ingestion-stack';
import { StatefulStack, type Tables } from '../../infra/stacks/stateful-stack';
import type { EndpointDefinition } from '../../lib/http/definition';
import { TABLES, type TableName } from '../../lib/store/tables';
import { PHONE_METADATA_FILE } from '../../lib/phone/prefixTable';
import { samEnvironment } from '../../infra/local/samEnv';

/** The feature flags `npx cdk synth` runs with. */
const context = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context;

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };
type Permissions = Record<string, string[]>;

const tableNames = Object.keys(TABLES) as TableName[];

const resources = (template: Template): Record<string, Resource> => template.toJSON().Resources;
const ofType = (template: Template, type: string) => Object.entries(resources(template)).filter(([, r]) => r.Type === type);
const logicalId = (construct: IConstruct) => Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnElement);
const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** What the registry says a function may do, worked out here independently of the stack code. */
function expectedPermissions(entry: Pick<EndpointDefinition, 'tables'> & Partial<EndpointDefinition>, pipeline: boolean): Permissions {
  const expected: Record<string, Set<string>> = {};
  const allow = (table: string, ...actions: string[]) => actions.forEach((a) => (expected[table] ??= new Set()).add(`dynamodb:${a}`));
  if (pipeline && entry.access !== 'public') {
    allow('accounts', 'GetItem');
    if (entry.metering !== 'none') allow('usage', 'UpdateItem');
    // HEAD and conditional GETs read the month's count before deciding whether a call uses quota
    if (entry.metering === 'quota') allow('usage', 'GetItem');
  }
  for (const [table, access] of Object.entries(entry.tables ?? {})) {
    if (access === 'read' || access === 'readWrite') allow(table, 'GetItem', 'BatchGetItem', 'Query');
    if (access === 'write' || access === 'readWrite') allow(table, 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem');
  }
  return Object.fromEntries(Object.entries(expected).map(([table, actions]) => [table, [...actions].sort()]));
}

/** The DynamoDB actions the function's role is granted, per table ('*' or an unknown ARN shows up as such). */
function grantedPermissions(template: Template, fn: { role?: IConstruct }, tables: Tables): Permissions {
  const roleId = logicalId(fn.role!);
  const consumer = Stack.of(fn.role!);
  const tableOf = (arn: unknown) =>
    tableNames.find((t) => JSON.stringify(consumer.resolve(tables[t].tableArn)) === JSON.stringify(arn)) ?? JSON.stringify(arn);
  const granted: Record<string, Set<string>> = {};
  for (const [, policy] of ofType(template, 'AWS::IAM::Policy')) {
    if (!policy.Properties.Roles.some((role: unknown) => JSON.stringify(role) === JSON.stringify({ Ref: roleId }))) continue;
    for (const statement of policy.Properties.PolicyDocument.Statement) {
      const actions = asList<string>(statement.Action).filter((a) => a.startsWith('dynamodb:'));
      for (const resource of actions.length ? asList(statement.Resource) : []) {
        actions.forEach((action) => (granted[tableOf(resource)] ??= new Set()).add(action));
      }
    }
  }
  return Object.fromEntries(Object.entries(granted).map(([table, actions]) => [table, [...actions].sort()]));
}

/** What the operator exports at synth: three deployment settings and a variable of the CI machine. */
const EXPORTED = {
  SEC_USER_AGENT: 'Example Data Co ops@example.com',
  OPEN_METEO_AIR_QUALITY_URL: 'https://aq.mirror.example.com',
  OPEN_METEO_GEOCODING_URL: 'https://geo.mirror.example.com',
  GITHUB_API_URL: 'https://api.github.com',
};

describe('The CDK app', () => {
  let stacks: ServiceStacks;
  let stateful: Template;
  let api: Template;
  let ingestion: Template;

  beforeAll(() => {
    // Prepare / Act: synthesize once (bundles every function with esbuild and builds the layer), with
    // deployment settings exported as an operator would, and a variable of the machine that is none
    Object.assign(process.env, EXPORTED);
    stacks = buildApp(new App({ context }));
    for (const name of Object.keys(EXPORTED)) delete process.env[name];
    stateful = Template.fromStack(stacks.stateful);
    api = Template.fromStack(stacks.api);
    ingestion = Template.fromStack(stacks.ingestion);
  }, 180_000);

  afterAll(() => rmSync(stacks.app.outdir, { recursive: true, force: true }));

  it('has three stacks with the expected ids', () => {
    // Assess
    expect([stacks.stateful, stacks.api, stacks.ingestion].map((s) => s.stackName)).toEqual([
      'DataQueryService-Stateful',
      'DataQueryService-Api',
      'DataQueryService-Ingestion',
    ]);
  });

  it('creates exactly one Lambda function per registry entry and no helper functions', () => {
    // Prepare
    const functions = ofType(api, 'AWS::Lambda::Function');
    // Act
    const ids = endpointList.map((entry) => logicalId(stacks.api.functions[entry.name]!));
    // Assess
    expect(functions.map(([id]) => id).sort()).toEqual([...ids].sort());
  });

  it.each(endpointList.map((entry) => [entry.name, entry] as const))(
    'runs the %s function on nodejs22.x with its handler, memory, timeout and layers',
    (name, entry) => {
      // Prepare
      const fn = resources(api)[logicalId(stacks.api.functions[name]!)]!.Properties;
      // Assess
      expect(fn.Runtime).toBe('nodejs22.x');
      expect(fn.Handler).toBe('index.handler');
      expect(fn.Architectures).toEqual(['x86_64']);
      expect(fn.MemorySize).toBe(entry.memoryMb ?? 256);
      expect(fn.Timeout).toBe(entry.timeoutSeconds ?? 10);
      // source maps ship beside the bundle but are not enabled: --enable-source-maps costs every cold start (npm run bench)
      expect(fn.Environment.Variables.NODE_OPTIONS).toBeUndefined();
      expect(fn.Layers?.length ?? 0).toBe(entry.layers?.length ?? 0);
      expect(fn.Environment.Variables.REFERENCE_DATA_DIR).toBe(
        entry.layers?.includes('referenceData') ? '/opt/reference-data' : undefined,
      );
    },
  );

  it('creates one route per registry entry with the registry method and path, and a HEAD route beside each GET', () => {
    // Prepare
    const expected = endpointList.flatMap((e) =>
      e.path === '$default' ? ['$default'] : e.method === 'GET' ? [`GET ${e.path}`, `HEAD ${e.path}`] : [`${e.method} ${e.path}`],
    );
    // Act
    const routeKeys = ofType(api, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey);
    // Assess
    expect(routeKeys.sort()).toEqual(expected.sort());
  });

  it('answers CORS preflights on the HTTP API', () => {
    // Assess
    api.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.objectLike({ AllowOrigins: ['*'], AllowHeaders: Match.arrayWith(['X-Api-Key']) }),
    });
    api.hasOutput('ApiUrl', {});
  });

  it.each(endpointList.map((entry) => [entry.name, entry] as const))(
    'grants the %s function exactly the DynamoDB actions it needs',
    (name, entry) => {
      // Act
      const granted = grantedPermissions(api, stacks.api.functions[name]!, stacks.stateful.tables);
      // Assess
      expect(granted).toEqual(expectedPermissions(entry, true));
    },
  );

  it('grants the counter key lookup, metering and full counter access', () => {
    // Act
    const granted = grantedPermissions(api, stacks.api.functions.counter!, stacks.stateful.tables);
    // Assess
    expect(granted).toEqual({
      accounts: ['dynamodb:GetItem'],
      usage: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
      counters: [
        'dynamodb:BatchGetItem',
        'dynamodb:BatchWriteItem',
        'dynamodb:DeleteItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:Query',
        'dynamodb:UpdateItem',
      ],
    });
  });

  it("names each MCP tool's function by the stack's prefix and the registry name, and lets the MCP function invoke exactly those", () => {
    // Prepare: the tools are the keyed endpoints other than /mcp (every one a plan can call)
    const tools = endpointList.filter((e) => e.access !== 'public' && e.path !== '/mcp');
    const mcp = resources(api)[logicalId(stacks.api.functions.mcp!)]!.Properties;
    const invokers = ofType(api, 'AWS::IAM::Policy').filter(([, policy]) =>
      policy.Properties.PolicyDocument.Statement.some((statement: { Action: string | string[] }) => asList(statement.Action).includes('lambda:InvokeFunction')),
    );

    // Act
    const names = Object.fromEntries(endpointList.map((e) => [e.name, resources(api)[logicalId(stacks.api.functions[e.name]!)]!.Properties.FunctionName]));
    const invocable = invokers.flatMap(([, policy]) =>
      policy.Properties.PolicyDocument.Statement.filter((statement: { Action: string | string[] }) => asList(statement.Action).some((a) => a.startsWith('lambda:'))).flatMap(
        (statement: { Action: string | string[]; Resource: unknown }) => {
          expect(asList(statement.Action)).toEqual(['lambda:InvokeFunction']);
          return asList(statement.Resource).map((resource) => JSON.stringify(resource));
        },
      ),
    );

    // Assess
    expect(Object.entries(names).filter(([, name]) => name !== undefined).map(([entry]) => entry).sort()).toEqual(tools.map((e) => e.name).sort());
    for (const tool of tools) expect(names[tool.name]).toBe(`DataQueryService-Api-${tool.name}`);
    expect(Math.max(...tools.map((e) => names[e.name].length))).toBeLessThanOrEqual(64);
    expect(mcp.Environment.Variables.ENDPOINT_FUNCTION_PREFIX).toBe('DataQueryService-Api-');
    expect(invokers.map(([, policy]) => policy.Properties.Roles)).toEqual([[{ Ref: logicalId(stacks.api.functions.mcp!.role!) }]]);
    const arn = (name: string) => ({
      'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':lambda:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, `:function:${name}`]],
    });
    expect(invocable.sort()).toEqual(tools.map((e) => JSON.stringify(arn(`DataQueryService-Api-${e.name}`))).sort());
    // API Gateway HTTP APIs wait at most 30 s for an integration
    expect(mcp.Timeout).toBeLessThanOrEqual(30);
    expect(mcp.Timeout).toBeGreaterThan(Math.max(...tools.map((e) => e.timeoutSeconds ?? 10)));
  });

  it('grants the public endpoints no DynamoDB access at all', () => {
    // Act
    const granted = ['openApi', 'notFound'].map((name) => grantedPermissions(api, stacks.api.functions[name]!, stacks.stateful.tables));
    // Assess
    expect(granted).toEqual([{}, {}]);
  });

  const LAMBDA_UNZIPPED_LIMIT = 250 * 1024 * 1024;
  /** bytes of every file under a directory */
  const sizeOf = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce(
      (sum, entry) => sum + (entry.isDirectory() ? sizeOf(join(dir, entry.name)) : statSync(join(dir, entry.name)).size),
      0,
    );
  /** all file paths under a directory, relative, '/'-separated */
  const filesOf = (dir: string, prefix = ''): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? filesOf(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
    );
  /** the staged asset of a function or layer: asset.<hash> beside the template, <hash>.zip in S3 */
  const assetDir = (id: string) => {
    const { Code, Content } = resources(api)[id]!.Properties;
    return join(stacks.app.outdir, `asset.${String((Code ?? Content).S3Key).replace(/\.zip$/, '')}`);
  };

  it('gives the VIN lookup the vPIC layer: the pattern table, found through VPIC_DB_PATH, and no SQLite or WebAssembly', () => {
    // Prepare
    const fn = resources(api)[logicalId(stacks.api.functions.vinLookup!)]!.Properties;
    const files = (fn.Layers as { Ref: string }[]).flatMap((layer) => filesOf(assetDir(layer.Ref)));
    const bundle = readFileSync(join(assetDir(logicalId(stacks.api.functions.vinLookup!)), 'index.mjs'), 'utf8');
    // Assess
    expect(fn.Environment.Variables.VPIC_DB_PATH).toBe('/opt/vpic/vin-patterns');
    expect(files).toContain('vpic/vin-patterns');
    expect(files.filter((file) => file.startsWith('vpic/'))).toEqual(['vpic/vin-patterns']);
    expect(bundle).not.toContain('sql-wasm');
  });

  it("keeps libphonenumber's numbering metadata out of the phone lookup's bundle: it reads the reference-data layer's copy", () => {
    // Prepare: a pattern of the GB numbering plan, as the metadata holds it
    const gbPattern = (createRequire(import.meta.url)('libphonenumber-js/metadata.max.json') as { countries: Record<string, unknown[]> }).countries.GB![2] as string;
    const fn = resources(api)[logicalId(stacks.api.functions.phoneLookup!)]!.Properties;
    const files = (fn.Layers as { Ref: string }[]).flatMap((layer) => filesOf(assetDir(layer.Ref)));
    const bundle = readFileSync(join(assetDir(logicalId(stacks.api.functions.phoneLookup!)), 'index.mjs'), 'utf8');
    // Assess
    expect(files).toContain(`reference-data/${PHONE_METADATA_FILE}`);
    expect(bundle).not.toContain(JSON.stringify(gbPattern).slice(1, -1));
    expect(bundle).not.toContain(gbPattern);
  });

  it('gives the docs page the docs layer with Swagger UI, found through DOCS_ASSETS_DIR, and keeps it out of the bundle', () => {
    // Prepare
    const fn = resources(api)[logicalId(stacks.api.functions.docs!)]!.Properties;
    const files = (fn.Layers as { Ref: string }[]).flatMap((layer) => filesOf(assetDir(layer.Ref)));
    const bundle = statSync(join(assetDir(logicalId(stacks.api.functions.docs!)), 'index.mjs')).size;
    // Assess
    expect(fn.Environment.Variables.DOCS_ASSETS_DIR).toBe('/opt/docs');
    expect(files.sort()).toEqual(['docs/LICENSE', 'docs/NOTICE', 'docs/openapi.json', 'docs/swagger-ui-bundle.js', 'docs/swagger-ui.css']);
    expect(bundle).toBeLessThan(1024 * 1024); // the page's 1.9 MB of Swagger UI stay in the layer
  });

  it('gives GET /openapi.json the docs layer, whose openapi.json is the document it serves', () => {
    // Prepare
    const fn = resources(api)[logicalId(stacks.api.functions.openApi!)]!.Properties;
    const layerDir = assetDir((fn.Layers as { Ref: string }[])[0]!.Ref);
    // Assess
    expect(fn.Environment.Variables.DOCS_ASSETS_DIR).toBe('/opt/docs');
    expect(readFileSync(join(layerDir, 'docs/openapi.json'), 'utf8')).toBe(apiDocumentJson());
  });

  describe('the object-detection function', () => {
    const fn = () => resources(api)[logicalId(stacks.api.functions.objectDetection!)]!;
    const layerIds = () => (fn().Properties.Layers as { Ref: string }[]).map((layer) => layer.Ref);
    const layerWithPath = (path: string) => layerIds().find((id) => filesOf(assetDir(id)).some((file) => file.startsWith(path)))!;

    it('runs on x86_64 with 1536 to 2048 MB, at least 15 s and the model directory of its layer', () => {
      // Assess
      const props = fn().Properties;
      expect(props.Architectures).toEqual(['x86_64']);
      expect(props.MemorySize).toBeGreaterThanOrEqual(1536);
      expect(props.MemorySize).toBeLessThanOrEqual(2048);
      expect(props.Timeout).toBeGreaterThanOrEqual(15);
      expect(props.Environment.Variables.MODELS_DIR).toBe('/opt/models');
    });

    it('has two layers: onnxruntime-node and sharp for Linux x64 only, and the model', () => {
      // Prepare
      const runtime = filesOf(assetDir(layerWithPath('nodejs/node_modules/onnxruntime-node/')));
      const model = filesOf(assetDir(layerWithPath('models/')));
      const binaries = runtime.filter((file) => file.endsWith('.node') || /\.so(\.|$)/.test(file) || file.endsWith('.dylib') || file.endsWith('.dll'));
      // Assess
      expect(layerIds()).toHaveLength(2);
      expect(runtime).toEqual(expect.arrayContaining([
        'nodejs/node_modules/onnxruntime-node/bin/napi-v6/linux/x64/onnxruntime_binding.node',
        'nodejs/node_modules/onnxruntime-node/bin/napi-v6/linux/x64/libonnxruntime.so.1',
        'nodejs/node_modules/onnxruntime-common/package.json',
        'nodejs/node_modules/sharp/package.json',
      ]));
      expect(binaries.length).toBeGreaterThanOrEqual(4);
      expect(binaries.every((file) => /linux[/-]x64/.test(file))).toBe(true);
      expect(model).toContain('models/yolox-nano/yolox_nano.onnx');
      expect(model).toContain('models/yolox-nano/LICENSE');
    });

    it('stays within Lambda\'s 250 MB unzipped limit with its code and layers together', () => {
      // Act
      const total = sizeOf(assetDir(logicalId(stacks.api.functions.objectDetection!))) + layerIds().reduce((sum, id) => sum + sizeOf(assetDir(id)), 0);
      // Assess
      expect(total).toBeLessThan(LAMBDA_UNZIPPED_LIMIT);
    });
  });

  it('creates every table on demand with point-in-time recovery, deletion protection and TTL where defined', () => {
    // Assess
    expect(ofType(stateful, 'AWS::DynamoDB::Table')).toHaveLength(tableNames.length);
    for (const name of tableNames) {
      const definition: { partitionKey: string; sortKey?: string; ttlAttribute?: string } = TABLES[name];
      const table = resources(stateful)[logicalId(stacks.stateful.tables[name])]!;
      expect(table.DeletionPolicy).toBe('Retain');
      expect(table.Properties).toMatchObject({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
        KeySchema: [
          { AttributeName: definition.partitionKey, KeyType: 'HASH' },
          ...(definition.sortKey ? [{ AttributeName: definition.sortKey, KeyType: 'RANGE' }] : []),
        ],
      });
      expect(table.Properties.TimeToLiveSpecification).toEqual(
        definition.ttlAttribute ? { AttributeName: definition.ttlAttribute, Enabled: true } : undefined,
      );
    }
  });

  it('outputs every table name under its environment variable name without underscores', () => {
    // Assess
    for (const { env } of Object.values(TABLES)) {
      stateful.hasOutput(env.replaceAll('_', ''), { Value: Match.anyValue() });
    }
  });

  it('gives every function its own log group kept for a month', () => {
    // Prepare
    const functions = ofType(api, 'AWS::Lambda::Function');
    const logGroups = functions.map(([, fn]) => fn.Properties.LoggingConfig.LogGroup.Ref as string);
    // Assess
    expect(new Set(logGroups).size).toBe(endpointList.length);
    for (const id of logGroups) expect(resources(api)[id]!.Properties.RetentionInDays).toBe(30);
  });

  it('throttles the API stage and logs one JSON line per call, without query string, headers or key', () => {
    // Prepare
    const [[, stage]] = ofType(api, 'AWS::ApiGatewayV2::Stage') as [[string, Resource]];
    const format = JSON.parse(stage.Properties.AccessLogSettings.Format) as Record<string, string>;
    const logGroup = resources(api)[stage.Properties.AccessLogSettings.DestinationArn['Fn::GetAtt'][0]]!;
    // Assess
    expect(stage.Properties).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 1000, ThrottlingBurstLimit: 2000 },
    });
    expect(logGroup).toMatchObject({ Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: 30 } });
    expect(format).toMatchObject({ requestId: '$context.requestId', route: '$context.routeKey', status: '$context.status' });
    for (const value of Object.values(format)) {
      expect(value).toMatch(/^\$context\.[a-zA-Z.]+$/);
      expect(value).not.toMatch(/querystring|header|authorizer|apikey|api_key|\$input|\$request/i);
    }
  });

  it('bundles every function into its own asset: index.mjs with its source map', () => {
    // Assess
    for (const name of ['counter', 'webpage', 'objectDetection']) {
      expect(filesOf(assetDir(logicalId(stacks.api.functions[name]!))).sort()).toEqual(['index.mjs', 'index.mjs.map']);
    }
  });

  it('leaves to sam-env.json exactly the variables whose values the templates take from the deployment', () => {
    // Prepare: every variable of a function whose value is a CloudFormation reference, and the store endpoint
    const variables = [...ofType(api, 'AWS::Lambda::Function'), ...ofType(ingestion, 'AWS::Lambda::Function')].map(
      ([, fn]) => fn.Properties.Environment.Variables as Record<string, unknown>,
    );
    const referenced = new Set(variables.flatMap((env) => Object.entries(env).filter(([, value]) => typeof value !== 'string').map(([name]) => name)));
    // Act
    const sam = samEnvironment({ DYNAMODB_PORT: '8123' }).Parameters;
    // Assess
    expect(Object.keys(sam).sort()).toEqual([...referenced, 'DYNAMODB_ENDPOINT'].sort());
    expect(variables.every((env) => env.DYNAMODB_ENDPOINT === '')).toBe(true);
    expect(sam).toEqual({ DYNAMODB_ENDPOINT: 'http://host.docker.internal:8123', ...Object.fromEntries(Object.values(TABLES).map((t) => [t.env, t.localName])) });
    expect(samEnvironment({ SAM_DYNAMODB_ENDPOINT: 'http://172.17.0.1:8000' }).Parameters.DYNAMODB_ENDPOINT).toBe('http://172.17.0.1:8000');
  });

  it('keeps a dead-letter queue for failed ingestion runs for 14 days', () => {
    // Assess
    ingestion.hasResourceProperties('AWS::SQS::Queue', { MessageRetentionPeriod: 14 * 24 * 3600 });
    expect(ofType(ingestion, 'AWS::Lambda::Function')).toHaveLength(ingestionJobs.length);
  });

  it('alarms as soon as a failed ingestion run lands in the dead-letter queue', () => {
    // Prepare
    const [queueId] = ofType(ingestion, 'AWS::SQS::Queue')[0]!;
    // Assess
    ingestion.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
    });
  });

  it.each(ingestionJobs.map((job) => [job.name, job] as const))(
    'schedules the %s job with its EventBridge expression, a dead-letter queue and market-data access',
    (name, job) => {
      // Prepare
      const fn = stacks.ingestion.functions[name]!;
      const id = logicalId(fn);
      const rule = ofType(ingestion, 'AWS::Events::Rule').find(([, r]) => JSON.stringify(r.Properties.Targets).includes(id));
      // Assess
      expect(rule?.[1].Properties.ScheduleExpression).toBe(job.schedule);
      expect(resources(ingestion)[id]!.Properties.Timeout).toBe(job.timeoutSeconds ?? 60);
      expect(grantedPermissions(ingestion, fn, stacks.stateful.tables)).toEqual(
        expectedPermissions({ tables: { market: 'readWrite', ...job.tables } }, false),
      );
    },
  );

  it('passes the deployment settings exported at synth to the functions, and only those set', () => {
    // Prepare
    const variables = [...ofType(api, 'AWS::Lambda::Function'), ...ofType(ingestion, 'AWS::Lambda::Function')].map(
      ([, fn]) => fn.Properties.Environment.Variables,
    );
    // Assess
    for (const env of variables) {
      expect(env.SEC_USER_AGENT).toBe('Example Data Co ops@example.com');
      expect(env.OPEN_METEO_AIR_QUALITY_URL).toBe('https://aq.mirror.example.com');
      expect(env.OPEN_METEO_GEOCODING_URL).toBe('https://geo.mirror.example.com');
      expect(env).not.toHaveProperty('FRED_API_KEY');
      expect(env).not.toHaveProperty('GITHUB_API_URL');
    }
  });

  it('keeps every stack under the CloudFormation limit of 500 resources', () => {
    // Assess
    for (const template of [stateful, api, ingestion]) {
      expect(Object.keys(resources(template)).length).toBeLessThan(500);
    }
  });
});

describe('The ingestion stack', () => {
  it('schedules a job with its own table grants and the shared dead-letter queue', () => {
    // Prepare: a sample job on an existing handler; bundling is skipped, only the wiring is checked
    const app = new App({ context: { ...context, 'aws:cdk:bundling-stacks': [] } });
    const stateful = new StatefulStack(app, 'Stateful');
    const job: IngestionJobDefinition = {
      name: 'sampleJob',
      entry: 'functions/openApi.ts',
      summary: 'a sample job',
      schedule: 'rate(1 hour)',
      timeoutSeconds: 120,
      tables: { usage: 'write' },
    };
    // Act
    const stack = new IngestionStack(app, 'Ingestion', { tables: stateful.tables, jobs: [job] });
    const template = Template.fromStack(stack);
    // Assess
    template.resourceCountIs('AWS::Lambda::Function', 1);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Timeout: 120,
      DeadLetterConfig: { TargetArn: Match.anyValue() },
    });
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 hour)',
      Targets: [Match.objectLike({ DeadLetterConfig: Match.anyValue() })],
    });
    expect(grantedPermissions(template, stack.functions.sampleJob!, stateful.tables)).toEqual(
      expectedPermissions({ tables: { market: 'readWrite', ...job.tables } }, false),
    );
    rmSync(app.outdir, { recursive: true, force: true });
  });
});
