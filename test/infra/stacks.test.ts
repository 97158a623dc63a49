import { mkdtempSync, readdirSync, rmSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { IConstruct } from 'constructs';
import { buildApp, type ServiceStacks } from '../../infra/app';
import { endpointList, ingestionJobs } from '../../lib/api/registry';
import { apiDocumentJson } from '../../lib/api/apiDocument';
import type { IngestionJobDefinition } from '../../lib/ingest/definition';
import { longestGapMs } from '../../lib/ingest/schedule';
import { ApiStack, type ListedEndpoint } from '../../infra/stacks/api-stack';
import { IngestionStack } from '../../infra/stacks/ingestion-stack';
import { ENVIRONMENT_LIMIT_BYTES, ServiceFunction } from '../../infra/stacks/lambdaFunction';
import { groupBy, jobOutputKey } from '../../infra/stacks/names';
import { deploymentConfig, UPSTREAM_KEYS } from '../../infra/stacks/settings';
import { isSampleModule } from '../../infra/stacks/handlerBundles';
import { StatefulStack, type Tables } from '../../infra/stacks/stateful-stack';
import { moduleGraph } from '../../infra/bundling';
import { PROJECT_ROOT } from '../../infra/projectRoot';
import type { EndpointDefinition } from '../../lib/http/definition';
import { TABLES, type TableName } from '../../lib/store/tables';
import { PHONE_METADATA_FILE } from '../../lib/phone/prefixTable';
import { samEnvironment } from '../../infra/local/samEnv';

/** The feature flags `npx cdk synth` runs with. */
const context = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context;

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };
type Permissions = Record<string, string[]>;

const tableNames = Object.keys(TABLES) as TableName[];
const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
const logicalId = (construct: IConstruct) => Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnElement);

/** CloudFormation's hard limits are 500 resources and 1 MB; the service keeps half of each in hand (DESIGN "Production"). */
const STACK_LIMITS = { resources: 250, bytes: 500 * 1024 };

/** Every template file of an assembly (top-level and nested stacks): its resources and its size as deployed. */
function templateFiles(outdir: string): { file: string; resources: number; bytes: number }[] {
  return readdirSync(outdir)
    .filter((file) => file.endsWith('.template.json'))
    .map((file) => ({
      file,
      resources: Object.keys(JSON.parse(readFileSync(join(outdir, file), 'utf8')).Resources ?? {}).length,
      bytes: statSync(join(outdir, file)).size,
    }));
}

/** The templates over the limits, each with what it exceeds. */
function overLimits(outdir: string, limits = STACK_LIMITS): string[] {
  return templateFiles(outdir).flatMap(({ file, resources, bytes }) => [
    ...(resources > limits.resources ? [`${file}: ${resources} resources`] : []),
    ...(bytes > limits.bytes ? [`${file}: ${bytes} bytes`] : []),
  ]);
}

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

/** The DynamoDB actions each SDK command is. */
const COMMAND_ACTIONS: Record<string, string> = {
  GetCommand: 'GetItem',
  BatchGetCommand: 'BatchGetItem',
  QueryCommand: 'Query',
  ScanCommand: 'Scan',
  PutCommand: 'PutItem',
  UpdateCommand: 'UpdateItem',
  DeleteCommand: 'DeleteItem',
  BatchWriteCommand: 'BatchWriteItem',
};
const READ_ACTIONS = ['GetItem', 'BatchGetItem', 'Query', 'Scan'];

/** The actions the repository of a table sends, read off its source (the lib/store module that names the table). */
function repositoryActions(table: TableName): { read: string[]; write: string[] } {
  const dir = join(PROJECT_ROOT, 'lib/store');
  const sources = readdirSync(dir)
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .filter((text) => text.includes(`tableName('${table}')`));
  const actions = new Set(sources.flatMap((text) => [...text.matchAll(/new (\w+Command)\(/g)].map((m) => COMMAND_ACTIONS[m[1]!] ?? m[1]!)));
  return { read: [...actions].filter((a) => READ_ACTIONS.includes(a)).sort(), write: [...actions].filter((a) => !READ_ACTIONS.includes(a)).sort() };
}

/** What the registry says a function may do, worked out here from the repositories' code, independently of the stack code. */
function expectedPermissions(entry: Pick<EndpointDefinition, 'tables'> & Partial<EndpointDefinition>, pipeline: boolean): Permissions {
  const expected: Record<string, Set<string>> = {};
  const allow = (table: string, ...actions: string[]) => actions.forEach((a) => (expected[table] ??= new Set()).add(`dynamodb:${a}`));
  if (pipeline && entry.access !== 'public') {
    allow('accounts', 'GetItem');
    if (entry.metering !== 'none') allow('usage', 'UpdateItem');
    // HEAD and conditional GETs read the month's count before deciding whether a call uses quota
    if (entry.metering === 'quota') allow('usage', 'GetItem');
  }
  for (const [table, access] of Object.entries(entry.tables ?? {}) as [TableName, string][]) {
    const { read, write } = repositoryActions(table);
    if (access === 'read' || access === 'readWrite') allow(table, ...read);
    if (access === 'write' || access === 'readWrite') allow(table, ...write);
  }
  return Object.fromEntries(Object.entries(expected).map(([table, actions]) => [table, [...actions].sort()]));
}

const templates = new Map<Stack, Template>();
const templateOf = (stack: Stack) => templates.get(stack) ?? templates.set(stack, Template.fromStack(stack)).get(stack)!;
const resources = (stack: Stack): Record<string, Resource> => templateOf(stack).toJSON().Resources;
const ofType = (stack: Stack, type: string) => Object.entries(resources(stack)).filter(([, r]) => r.Type === type);
/** A function's (or any construct's) resource in its own template. */
const resourceOf = (construct: IConstruct) => resources(Stack.of(construct))[logicalId(construct)]!;

/** The DynamoDB actions the function's role is granted, per table ('*' or an unknown ARN shows up as such). */
function grantedPermissions(fn: { role?: IConstruct }, tables: Tables): Permissions {
  const consumer = Stack.of(fn.role!);
  const roleId = logicalId(fn.role!);
  const tableOf = (arn: unknown) =>
    tableNames.find((t) => JSON.stringify(consumer.resolve(tables[t].tableArn)) === JSON.stringify(arn)) ?? JSON.stringify(arn);
  const granted: Record<string, Set<string>> = {};
  for (const [, policy] of ofType(consumer, 'AWS::IAM::Policy')) {
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

/** Every statement of the role's policies. */
function statementsOf(fn: { role?: IConstruct }): { Action: string | string[]; Resource: unknown }[] {
  const roleId = logicalId(fn.role!);
  return ofType(Stack.of(fn.role!), 'AWS::IAM::Policy')
    .filter(([, policy]) => policy.Properties.Roles.some((role: unknown) => JSON.stringify(role) === JSON.stringify({ Ref: roleId })))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement);
}

/** What a careless operator has in the environment at synth: upstream keys beside the deployment settings. */
const FAKE_KEYS: Record<(typeof UPSTREAM_KEYS)[number], string> = {
  FRED_API_KEY: 'fake-fred-key-3b1f0c9e7d42',
  EIA_API_KEY: 'fake-eia-key-8a2d4e6f0b17',
  OPEN_METEO_API_KEY: 'fake-open-meteo-key-5c7e9a1b3d88',
};

/** The largest watchlists the settings allow: most entries, each of the longest form (crypto: 20 characters of a 3-byte script). */
const LARGEST_WATCHLISTS = {
  STOCK_WATCHLIST: Array.from({ length: 100 }, (_, i) => `T${String(i).padStart(19, '0')}`).join(','),
  FILINGS_WATCHLIST: Array.from({ length: 100 }, (_, i) => `F${String(i).padStart(19, '0')}`).join(','),
  FUND_WATCHLIST: Array.from({ length: 50 }, (_, i) => `X${String(i).padStart(9, '0')}`).join(','),
  CRYPTO_HISTORY_SYMBOLS: Array.from({ length: 40 }, (_, i) => String.fromCodePoint(0x4e00 + i).repeat(20)).join(','),
};

/** What the operator exports at synth: settings, the alarm e-mail, reservations, keys (never used), a variable of the CI machine. */
const EXPORTED = {
  SEC_USER_AGENT: 'Example Data Co ops@example.com',
  OPEN_METEO_AIR_QUALITY_URL: 'https://aq.mirror.example.com',
  OPEN_METEO_GEOCODING_URL: 'https://geo.mirror.example.com',
  ALARM_EMAIL: 'oncall@example.com',
  RESERVED_CONCURRENCY: 'objectDetection=5,webpage=10',
  GITHUB_API_URL: 'https://api.github.com',
  ...FAKE_KEYS,
  ...LARGEST_WATCHLISTS,
};

/** The source modules a function's bundle is made of (after tree shaking), by entry. */
async function bundleInputs(entries: Record<string, string>): Promise<Map<string, string[]>> {
  const { outputs } = await moduleGraph(entries);
  return new Map(Object.keys(entries).map((name) => [name, Object.keys(outputs[`out/${name}.js`]!.inputs)]));
}

/** The variables a source module names as `process.env.X` or `env.X`. */
const variablesNamedIn = (file: string) =>
  [...readFileSync(join(PROJECT_ROOT, file), 'utf8').matchAll(/\benv\??\.([A-Z][A-Z0-9_]+)\b/g)].map((m) => m[1]!);

describe('The CDK app', () => {
  let stacks: ServiceStacks;
  let outdir: string;
  /** every function of the app with its handler module */
  let functions: { name: string; entry: string; fn: ServiceStacks['api']['functions'][string] }[];
  /** every stack, nested ones included */
  let allStacks: Stack[];

  beforeAll(() => {
    // Prepare / Act: synthesize once into cdk.out (bundles every function with esbuild and builds the layers),
    // with the deployment settings, upstream keys and largest watchlists exported, as an operator might
    outdir = mkdtempSync(join(tmpdir(), 'dqs-cdk-'));
    Object.assign(process.env, EXPORTED);
    try {
      stacks = buildApp(new App({ context, outdir }), deploymentConfig(process.env));
      stacks.app.synth();
    } finally {
      for (const name of Object.keys(EXPORTED)) delete process.env[name];
    }
    functions = [
      ...endpointList.map((entry) => ({ name: entry.name, entry: entry.entry, fn: stacks.api.functions[entry.name]! })),
      ...ingestionJobs.map((job) => ({ name: job.name, entry: job.entry, fn: stacks.ingestion.functions[job.name]! })),
      { name: 'afterDeploy', entry: 'functions/ingest/afterDeploy.ts', fn: stacks.ingestion.afterDeploy },
    ];
    allStacks = [stacks.stateful, stacks.api, stacks.ingestion, ...Object.values(stacks.api.families), ...Object.values(stacks.ingestion.families)];
  }, 240_000);

  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  /** the staged asset of a function or layer: asset.<hash> beside the template, <hash>.zip in S3 */
  const assetDir = (resource: Resource) => {
    const { Code, Content } = resource.Properties;
    return join(outdir, `asset.${String((Code ?? Content).S3Key).replace(/\.zip$/, '')}`);
  };
  /** the layers of a function, as their asset directories: its nested stack takes each as a parameter from the API stack */
  const layerDirs = (fn: IConstruct): string[] => {
    const parent = resources(stacks.api);
    const passed = Object.assign({}, ...Object.values(parent).filter((r) => r.Type === 'AWS::CloudFormation::Stack').map((r) => r.Properties.Parameters ?? {}));
    return ((resourceOf(fn).Properties.Layers ?? []) as { Ref: string }[]).map(({ Ref }) => assetDir(parent[(passed[Ref] as { Ref: string }).Ref]!));
  };

  describe('stacks', () => {
    it('has three stacks, with a nested stack per endpoint family and per job family', () => {
      // Assess
      expect([stacks.stateful, stacks.api, stacks.ingestion].map((s) => s.stackName)).toEqual([
        'DataQueryService-Stateful',
        'DataQueryService-Api',
        'DataQueryService-Ingestion',
      ]);
      expect(Object.keys(stacks.api.families).sort()).toEqual([...new Set(endpointList.map((e) => e.tag))].sort());
      expect(Object.keys(stacks.ingestion.families).sort()).toEqual([...new Set(ingestionJobs.map((j) => j.family))].sort());
      expect(templateFiles(outdir)).toHaveLength(allStacks.length);
    });

    it('keeps every stack, nested ones included, within 250 resources and 500 KB of template', () => {
      // Assess
      expect(overLimits(outdir)).toEqual([]);
    });

    it('names the stacks over a limit (the check above can fail)', () => {
      // Act: the same check with limits the API stack and the biggest family already pass
      const tight = overLimits(outdir, { resources: 20, bytes: 60 * 1024 });

      // Assess
      expect(tight).toEqual(expect.arrayContaining([expect.stringMatching(/^DataQueryService-Api\.template\.json: \d+ resources$/), expect.stringMatching(/Rates.*\.nested\.template\.json: \d+ bytes$/)]));
    });

    it('stays within the limits with twice the endpoints and jobs, without changing a stack', () => {
      // Prepare: every endpoint and job again under another name and path (same handlers: no new bundle)
      const copy = (entry: ListedEndpoint): ListedEndpoint =>
        Object.defineProperties({} as ListedEndpoint, {
          ...Object.getOwnPropertyDescriptors(entry),
          name: { value: `${entry.name}Copy`, enumerable: true },
          path: { value: `${entry.path}/copy`, enumerable: true },
        });
      const endpoints = [...endpointList, ...endpointList.filter((e) => e.path !== '$default').map(copy)];
      const jobs = [...ingestionJobs, ...ingestionJobs.map((job) => ({ ...job, name: `${job.name}Copy` }))];
      const doubledOut = mkdtempSync(join(tmpdir(), 'dqs-cdk-doubled-'));
      // layers are not built (their bundling is skipped): only the templates are measured
      const app = new App({ context: { ...context, 'aws:cdk:bundling-stacks': [] }, outdir: doubledOut });
      const config = deploymentConfig({ SEC_USER_AGENT: EXPORTED.SEC_USER_AGENT });
      const stateful = new StatefulStack(app, 'Stateful');
      const shared = { tables: stateful.tables, alarmTopic: stateful.alarmTopic, config };

      // Act
      new ApiStack(app, 'Api', { ...shared, endpoints });
      new IngestionStack(app, 'Ingestion', { ...shared, jobs });
      app.synth();

      // Assess
      try {
        expect(templateFiles(doubledOut).reduce((sum, t) => sum + t.resources, 0)).toBeGreaterThan(1500);
        expect(overLimits(doubledOut)).toEqual([]);
      } finally {
        rmSync(doubledOut, { recursive: true, force: true });
      }
    }, 120_000);
  });

  describe('functions and routes', () => {
    it('creates exactly one Lambda function per registry entry and job, and the after-deploy function', () => {
      // Act
      const all = allStacks.flatMap((stack) => ofType(stack, 'AWS::Lambda::Function').map(([id]) => `${stack.artifactId}/${id}`));

      // Assess
      expect(all.sort()).toEqual(functions.map(({ fn }) => `${Stack.of(fn).artifactId}/${logicalId(fn)}`).sort());
      expect(all).toHaveLength(endpointList.length + ingestionJobs.length + 1);
    });

    it.each(endpointList.map((entry) => [entry.name, entry] as const))(
      'runs the %s function on nodejs22.x with its handler, memory, timeout and layers',
      (name, entry) => {
        // Prepare
        const fn = resourceOf(stacks.api.functions[name]!).Properties;
        // Assess
        expect(fn.Runtime).toBe('nodejs22.x');
        expect(fn.Handler).toBe('index.handler');
        expect(fn.Architectures).toEqual(['x86_64']);
        expect(fn.MemorySize).toBe(entry.memoryMb ?? 256);
        expect(fn.Timeout).toBe(entry.timeoutSeconds ?? 10);
        // source maps ship beside the bundle but are not enabled: --enable-source-maps costs every cold start (npm run bench)
        expect(fn.Environment?.Variables?.NODE_OPTIONS).toBeUndefined();
        expect(fn.Layers?.length ?? 0).toBe(entry.layers?.length ?? 0);
        expect(fn.Environment?.Variables?.REFERENCE_DATA_DIR).toBe(entry.layers?.includes('referenceData') ? '/opt/reference-data' : undefined);
      },
    );

    it('creates one route per registry entry and alias with the registry method and path, and a HEAD route beside each GET', () => {
      // Prepare
      const expected = endpointList.flatMap((e) =>
        e.path === '$default'
          ? ['$default']
          : [e.path, ...(e.aliases ?? [])].flatMap((path) => (e.method === 'GET' ? [`GET ${path}`, `HEAD ${path}`] : [`${e.method} ${path}`])),
      );
      // Act
      const routeKeys = Object.values(stacks.api.families).flatMap((family) => ofType(family, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey));
      // Assess
      expect(routeKeys.sort()).toEqual(expected.sort());
      expect(routeKeys).toEqual(expect.arrayContaining(['GET /v1/zipcode', 'HEAD /v1/zipcode']));
    });

    it('sends an alias to its endpoint\'s function: /v1/zipcode to the property tax function', () => {
      // Act: each route's integration, and the function that integration invokes
      const targets = Object.values(stacks.api.families).flatMap((family) => {
        const integrations = Object.fromEntries(ofType(family, 'AWS::ApiGatewayV2::Integration').map(([id, r]) => [id, JSON.stringify(r.Properties.IntegrationUri)]));
        return ofType(family, 'AWS::ApiGatewayV2::Route').map(([, r]) => [r.Properties.RouteKey, integrations[r.Properties.Target['Fn::Join'][1][1].Ref]] as const);
      });
      const target = (key: string) => targets.find(([routeKey]) => routeKey === key)![1];

      // Assess
      expect(target('GET /v1/propertytax')).toEqual(expect.any(String));
      expect(target('GET /v1/zipcode')).toBe(target('GET /v1/propertytax'));
      expect(target('HEAD /v1/zipcode')).toBe(target('GET /v1/propertytax'));
    });

    it('answers CORS preflights on the HTTP API', () => {
      // Assess
      templateOf(stacks.api).hasResourceProperties('AWS::ApiGatewayV2::Api', {
        ProtocolType: 'HTTP',
        CorsConfiguration: Match.objectLike({ AllowOrigins: ['*'], AllowHeaders: Match.arrayWith(['X-Api-Key']) }),
      });
      templateOf(stacks.api).hasOutput('ApiUrl', {});
    });

    it('gives every function its own log group kept for a month', () => {
      // Act
      const logGroups = functions.map(({ fn }) => {
        const id = resourceOf(fn).Properties.LoggingConfig.LogGroup.Ref as string;
        return { id: `${Stack.of(fn).artifactId}/${id}`, retention: resources(Stack.of(fn))[id]!.Properties.RetentionInDays };
      });
      // Assess
      expect(new Set(logGroups.map((group) => group.id)).size).toBe(functions.length);
      expect(logGroups.every((group) => group.retention === 30)).toBe(true);
    });

    it('throttles the API stage and logs one JSON line per call, without query string, headers or key', () => {
      // Prepare
      const [[, stage]] = ofType(stacks.api, 'AWS::ApiGatewayV2::Stage') as [[string, Resource]];
      const format = JSON.parse(stage.Properties.AccessLogSettings.Format) as Record<string, string>;
      const logGroup = resources(stacks.api)[stage.Properties.AccessLogSettings.DestinationArn['Fn::GetAtt'][0]]!;
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
        expect(filesOf(assetDir(resourceOf(stacks.api.functions[name]!))).sort()).toEqual(['index.mjs', 'index.mjs.map']);
      }
    });

    it('reserves concurrency only for the functions RESERVED_CONCURRENCY names', () => {
      // Act
      const reserved = Object.fromEntries(
        endpointList.flatMap((entry) => {
          const value = resourceOf(stacks.api.functions[entry.name]!).Properties.ReservedConcurrentExecutions;
          return value === undefined ? [] : [[entry.name, value]];
        }),
      );
      // Assess
      expect(reserved).toEqual({ objectDetection: 5, webpage: 10 });
    });

    it('leaves to sam-env.json exactly the variables whose values the templates take from the deployment', () => {
      // Prepare: every variable of a function whose value is a CloudFormation reference, and the store endpoint
      const variables = functions.map(({ fn }) => (resourceOf(fn).Properties.Environment?.Variables ?? {}) as Record<string, unknown>);
      const referenced = new Set(variables.flatMap((env) => Object.entries(env).filter(([, value]) => typeof value !== 'string').map(([name]) => name)));
      // Act
      const sam = samEnvironment({ DYNAMODB_PORT: '8123' }).Parameters;
      // Assess
      expect(Object.keys(sam).sort()).toEqual([...referenced, 'DYNAMODB_ENDPOINT'].sort());
      expect(variables.every((env) => env.DYNAMODB_ENDPOINT === undefined || env.DYNAMODB_ENDPOINT === '')).toBe(true);
      expect(sam).toEqual({ DYNAMODB_ENDPOINT: 'http://host.docker.internal:8123', ...Object.fromEntries(Object.values(TABLES).map((t) => [t.env, t.localName])) });
      expect(samEnvironment({ SAM_DYNAMODB_ENDPOINT: 'http://172.17.0.1:8000' }).Parameters.DYNAMODB_ENDPOINT).toBe('http://172.17.0.1:8000');
    });
  });

  describe('layers', () => {
    it('gives the VIN lookup the vPIC layer: the pattern table, found through VPIC_DB_PATH, and no SQLite or WebAssembly', () => {
      // Prepare
      const fn = stacks.api.functions.vinLookup!;
      const files = layerDirs(fn).flatMap((dir) => filesOf(dir));
      const bundle = readFileSync(join(assetDir(resourceOf(fn)), 'index.mjs'), 'utf8');
      // Assess
      expect(resourceOf(fn).Properties.Environment.Variables.VPIC_DB_PATH).toBe('/opt/vpic/vin-patterns');
      expect(files).toContain('vpic/vin-patterns');
      expect(files.filter((file) => file.startsWith('vpic/'))).toEqual(['vpic/vin-patterns']);
      expect(bundle).not.toContain('sql-wasm');
    });

    it("keeps libphonenumber's numbering metadata out of the phone lookup's bundle: it reads the reference-data layer's copy", () => {
      // Prepare: a pattern of the GB numbering plan, as the metadata holds it
      const gbPattern = (createRequire(import.meta.url)('libphonenumber-js/metadata.max.json') as { countries: Record<string, unknown[]> }).countries.GB![2] as string;
      const fn = stacks.api.functions.phoneLookup!;
      const files = layerDirs(fn).flatMap((dir) => filesOf(dir));
      const bundle = readFileSync(join(assetDir(resourceOf(fn)), 'index.mjs'), 'utf8');
      // Assess
      expect(files).toContain(`reference-data/${PHONE_METADATA_FILE}`);
      expect(bundle).not.toContain(JSON.stringify(gbPattern).slice(1, -1));
      expect(bundle).not.toContain(gbPattern);
    });

    it('gives the docs page the docs layer with Swagger UI, found through DOCS_ASSETS_DIR, and keeps it out of the bundle', () => {
      // Prepare
      const fn = stacks.api.functions.docs!;
      const files = layerDirs(fn).flatMap((dir) => filesOf(dir));
      const bundle = statSync(join(assetDir(resourceOf(fn)), 'index.mjs')).size;
      // Assess
      expect(resourceOf(fn).Properties.Environment.Variables.DOCS_ASSETS_DIR).toBe('/opt/docs');
      expect(files.sort()).toEqual(['docs/LICENSE', 'docs/NOTICE', 'docs/openapi.json', 'docs/swagger-ui-bundle.js', 'docs/swagger-ui.css']);
      expect(bundle).toBeLessThan(1024 * 1024); // the page's 1.9 MB of Swagger UI stay in the layer
    });

    it('gives GET /openapi.json the docs layer, whose openapi.json is the document it serves', () => {
      // Prepare
      const fn = stacks.api.functions.openApi!;
      const [layerDir] = layerDirs(fn);
      // Assess
      expect(resourceOf(fn).Properties.Environment.Variables.DOCS_ASSETS_DIR).toBe('/opt/docs');
      expect(readFileSync(join(layerDir!, 'docs/openapi.json'), 'utf8')).toBe(apiDocumentJson());
    });

    describe('the object-detection function', () => {
      const fn = () => stacks.api.functions.objectDetection!;
      const layerWithPath = (path: string) => layerDirs(fn()).find((dir) => filesOf(dir).some((file) => file.startsWith(path)))!;

      it('runs on x86_64 with 1536 to 2048 MB, at least 15 s and the model directory of its layer', () => {
        // Assess
        const props = resourceOf(fn()).Properties;
        expect(props.Architectures).toEqual(['x86_64']);
        expect(props.MemorySize).toBeGreaterThanOrEqual(1536);
        expect(props.MemorySize).toBeLessThanOrEqual(2048);
        expect(props.Timeout).toBeGreaterThanOrEqual(15);
        expect(props.Environment.Variables.MODELS_DIR).toBe('/opt/models');
      });

      it('has two layers: onnxruntime-node and sharp for Linux x64 only, and the model', () => {
        // Prepare
        const runtime = filesOf(layerWithPath('nodejs/node_modules/onnxruntime-node/'));
        const model = filesOf(layerWithPath('models/'));
        const binaries = runtime.filter((file) => file.endsWith('.node') || /\.so(\.|$)/.test(file) || file.endsWith('.dylib') || file.endsWith('.dll'));
        // Assess
        expect(layerDirs(fn())).toHaveLength(2);
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
    });

    it("keeps every function with its layers within Lambda's 250 MB unzipped", () => {
      // Act
      const sizes = functions.map(({ name, fn }) => ({ name, bytes: sizeOf(assetDir(resourceOf(fn))) + layerDirs(fn).reduce((sum, dir) => sum + sizeOf(dir), 0) }));
      // Assess
      expect(sizes.filter((size) => size.bytes >= 250 * 1024 * 1024)).toEqual([]);
      expect(Math.max(...sizes.map((size) => size.bytes))).toBeGreaterThan(50 * 1024 * 1024); // object detection, with onnxruntime
    });
  });

  describe('no sample data in the deployment', () => {
    it('deploys the reference data without sample data: every sample of the local build is missing, with what to import', () => {
      // Prepare: the reference-data layer as synthesized, and the local build made from the same inputs
      const [layerDir] = layerDirs(stacks.api.functions.propertyTax!);
      const dir = join(layerDir!, 'reference-data');
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
      const local = JSON.parse(readFileSync(join(PROJECT_ROOT, 'layers/reference-data/build/reference-data/manifest.json'), 'utf8'));
      // Act: records marked as samples, in any file of the layer
      const marked = filesOf(dir).filter((file) => readFileSync(join(dir, file), 'utf8').includes('"sample":true'));
      // Assess (test/unit/referenceDataBuild.test.ts builds one without the Census data, whose property tax is a sample)
      expect(manifest.deployment).toBe(true);
      expect(manifest.samples).toEqual({});
      for (const file of Object.keys(local.samples ?? {})) {
        expect(filesOf(dir)).not.toContain(file);
        expect(manifest.missing[file]).toEqual(local.samples[file]);
      }
      expect(marked).toEqual([]);
      expect(filesOf(dir).length).toBeGreaterThan(100);
    });

    it('bundles no module from test/ (where sample payloads live) into any function', async () => {
      // Act
      const inputs = await bundleInputs(Object.fromEntries(functions.map(({ name, entry }) => [name, entry])));
      const withSamples = [...inputs].flatMap(([name, files]) => files.filter(isSampleModule).map((file) => `${name}: ${file}`));
      // Assess
      expect(withSamples).toEqual([]);
      expect(isSampleModule('test/fixtures/openMeteo/air-quality-berlin.json')).toBe(true); // the check can fail
      expect(isSampleModule('lib/airQuality/service.ts')).toBe(false);
    });
  });

  describe('settings and secrets', () => {
    it('holds none of the upstream keys exported at synth anywhere in cdk.out: templates, bundles and layers', () => {
      // Act: every file of the assembly, as bytes
      const found = filesOf(outdir).flatMap((file) => {
        const content = readFileSync(join(outdir, file));
        return Object.values(FAKE_KEYS).filter((key) => content.includes(key)).map((key) => `${file}: ${key}`);
      });
      // Assess
      expect(filesOf(outdir).length).toBeGreaterThan(1000);
      expect(found).toEqual([]);
    });

    it("gives each function only settings its own code reads (its bundle's modules name them), table names of its grants and its layers' paths", async () => {
      // Prepare
      const inputs = await bundleInputs(Object.fromEntries(functions.map(({ name, entry }) => [name, entry])));
      // Act
      const extra = functions.flatMap(({ name, fn }) => {
        const declared = new Set((inputs.get(name) ?? []).filter((file) => file.endsWith('.ts')).flatMap(variablesNamedIn));
        const granted = Object.keys(grantedPermissions(fn, stacks.stateful.tables)).map((table) => TABLES[table as TableName].env);
        const env = Object.keys(resourceOf(fn).Properties.Environment?.Variables ?? {});
        return env.filter((variable) => !declared.has(variable) && !(granted as string[]).includes(variable)).map((variable) => `${name}: ${variable}`);
      });
      // Assess
      expect(extra).toEqual([]);
    });

    it('passes a setting exported at synth to the functions whose code reads it, and nothing else of the environment', () => {
      // Act
      const holding = (variable: string) => functions.filter(({ fn }) => resourceOf(fn).Properties.Environment?.Variables?.[variable] !== undefined).map(({ name }) => name).sort();
      // Assess
      expect(holding('OPEN_METEO_GEOCODING_URL')).toEqual(['airQuality']);
      expect(holding('SEC_USER_AGENT')).toEqual(expect.arrayContaining(['filingFacts', 'stockTickers']));
      expect(holding('SEC_USER_AGENT')).not.toContain('counter');
      expect(holding('STOCK_WATCHLIST')).toEqual(expect.arrayContaining(['stockQuotes', 'stockPrice']));
      expect(holding('STOCK_WATCHLIST')).not.toContain('cryptoBars');
      expect(holding('GITHUB_API_URL')).toEqual([]);
      for (const key of UPSTREAM_KEYS) expect(holding(key)).toEqual([]);
    });

    it('names an upstream key\'s parameter only on the functions whose code reads the key, and lets each read exactly those parameters', () => {
      // Act
      const keyed = functions.flatMap(({ name, fn }) => {
        const env = (resourceOf(fn).Properties.Environment?.Variables ?? {}) as Record<string, string>;
        const parameters = Object.entries(env).filter(([variable]) => variable.endsWith('_API_KEY_PARAMETER'));
        const readable = statementsOf(fn)
          .filter((s) => asList(s.Action).includes('ssm:GetParameter'))
          .flatMap((s) => asList(s.Resource).map((r) => JSON.stringify(r).match(/:parameter(\/[^"]+)"/)?.[1]));
        return parameters.length || readable.length ? [{ name, parameters: Object.fromEntries(parameters), readable: readable.sort() }] : [];
      });
      // Assess
      expect(keyed).toEqual([
        { name: 'airQuality', parameters: { OPEN_METEO_API_KEY_PARAMETER: '/data-query-service/OPEN_METEO_API_KEY' }, readable: ['/data-query-service/OPEN_METEO_API_KEY'] },
        {
          name: 'oilSpot',
          parameters: { FRED_API_KEY_PARAMETER: '/data-query-service/FRED_API_KEY', EIA_API_KEY_PARAMETER: '/data-query-service/EIA_API_KEY' },
          readable: ['/data-query-service/EIA_API_KEY', '/data-query-service/FRED_API_KEY'],
        },
        { name: 'rateFredPrime', parameters: { FRED_API_KEY_PARAMETER: '/data-query-service/FRED_API_KEY' }, readable: ['/data-query-service/FRED_API_KEY'] },
      ]);
    });

    it('bundles the SSM request only into the functions that read a key (the others start as before)', () => {
      // Act
      const withSsm = functions.filter(({ fn }) => readFileSync(join(assetDir(resourceOf(fn)), 'index.mjs'), 'utf8').includes('AmazonSSM.GetParameter')).map(({ name }) => name);
      // Assess
      expect(withSsm.sort()).toEqual(['airQuality', 'oilSpot', 'rateFredPrime']);
    });

    it("keeps every function's environment within Lambda's 4 KB with the largest watchlists the settings allow", () => {
      // Act: names and values in UTF-8; a value known only at deploy time (a table name) counted as 128 bytes
      const sizes = functions.map(({ name, fn }) => ({
        name,
        bytes: Object.entries(resourceOf(fn).Properties.Environment?.Variables ?? {}).reduce(
          (sum, [variable, value]) => sum + Buffer.byteLength(variable) + (typeof value === 'string' ? Buffer.byteLength(value) : 128),
          0,
        ),
      }));
      // Assess
      expect(sizes.filter((size) => size.bytes > ENVIRONMENT_LIMIT_BYTES)).toEqual([]);
      expect(Math.max(...sizes.map((size) => size.bytes))).toBeGreaterThan(2000); // the crypto watchlist alone is 2,439 bytes
    });

    it('refuses to synthesize a function whose environment would pass 4 KB', () => {
      // Prepare: a job that reads UPSTREAM_USER_AGENT, given an absurdly long one
      const app = new App({ context });
      const stack = new Stack(app, 'Probe');
      const stateful = new StatefulStack(app, 'ProbeStateful');
      const config = { ...deploymentConfig({ SEC_USER_AGENT: EXPORTED.SEC_USER_AGENT }), settings: { UPSTREAM_USER_AGENT: 'x'.repeat(4096) } };
      // Act / Assess
      expect(
        () => new ServiceFunction(stack, 'Fx', { entry: 'functions/ingest/fxRates.ts', tables: stateful.tables, permissions: {}, config, alarmTopic: new Topic(stack, 'T') }),
      ).toThrow(/functions\/ingest\/fxRates\.ts: its environment takes \d+ bytes, over Lambda's 4096/);
    });
  });

  describe('least privilege', () => {
    it.each(endpointList.map((entry) => [entry.name, entry] as const))('grants the %s function exactly the DynamoDB actions it needs', (name, entry) => {
      // Act
      const granted = grantedPermissions(stacks.api.functions[name]!, stacks.stateful.tables);
      // Assess
      expect(granted).toEqual(expectedPermissions(entry, true));
    });

    it('grants the counter key lookup, metering and the counter reads and writes its repository makes', () => {
      // Act
      const granted = grantedPermissions(stacks.api.functions.counter!, stacks.stateful.tables);
      // Assess
      expect(granted).toEqual({
        accounts: ['dynamodb:GetItem'],
        usage: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
        counters: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
      });
    });

    it('grants the jobs reads of the market table and BatchWriteItem, the only way its repository writes', () => {
      // Act
      const granted = ingestionJobs.map((job) => grantedPermissions(stacks.ingestion.functions[job.name]!, stacks.stateful.tables));
      // Assess
      for (const permissions of granted) {
        expect(permissions).toEqual({ market: ['dynamodb:BatchGetItem', 'dynamodb:BatchWriteItem', 'dynamodb:GetItem', 'dynamodb:Query'] });
      }
    });

    it('grants the public endpoints no DynamoDB access at all', () => {
      // Act
      const granted = ['openApi', 'notFound'].map((name) => grantedPermissions(stacks.api.functions[name]!, stacks.stateful.tables));
      // Assess
      expect(granted).toEqual([{}, {}]);
    });

    it("names each MCP tool's function by the API stack's name and the registry name, and lets the MCP function invoke exactly those", () => {
      // Prepare: the tools are the keyed, metered endpoints (every one a plan can call); the API's stacks, nested ones included
      const tools = endpointList.filter((e) => e.access !== 'public' && e.metering !== 'none');
      const mcp = stacks.api.functions.mcp!;
      const apiStacks = [stacks.api, ...Object.values(stacks.api.families)];
      const invokeStatements = (stack: Stack) =>
        ofType(stack, 'AWS::IAM::Policy').flatMap(([, policy]) =>
          policy.Properties.PolicyDocument.Statement.filter((s: { Action: string | string[] }) => asList(s.Action).some((a) => a.startsWith('lambda:'))).map(
            (s: { Action: string | string[]; Resource: unknown }) => ({ roles: policy.Properties.Roles, actions: asList(s.Action), resources: asList(s.Resource) }),
          ),
        );

      // Act
      const names = Object.fromEntries(endpointList.map((e) => [e.name, resourceOf(stacks.api.functions[e.name]!).Properties.FunctionName]));
      const invoking = apiStacks.flatMap(invokeStatements);

      // Assess: names are plain strings, the prefix the MCP function is told
      expect(Object.entries(names).filter(([, name]) => name !== undefined).map(([entry]) => entry).sort()).toEqual(tools.map((e) => e.name).sort());
      for (const tool of tools) expect(names[tool.name]).toBe(`DataQueryService-Api-${tool.name}`);
      expect(Math.max(...tools.map((e) => names[e.name].length))).toBeLessThanOrEqual(64);
      expect(resourceOf(mcp).Properties.Environment.Variables.ENDPOINT_FUNCTION_PREFIX).toBe('DataQueryService-Api-');
      // only the MCP function's role may invoke, only InvokeFunction, on exactly the tools' ARNs made from their names
      // (the stack's own pseudo parameters: no reference to a function of another nested stack)
      expect(invoking.map((s) => s.roles)).toEqual([[{ Ref: logicalId(mcp.role!) }]]);
      expect(invoking[0]!.actions).toEqual(['lambda:InvokeFunction']);
      const arn = (name: string) => ({ 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':lambda:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, `:function:${name}`]] });
      expect(invoking[0]!.resources.map((r: unknown) => JSON.stringify(r)).sort()).toEqual(tools.map((e) => JSON.stringify(arn(`DataQueryService-Api-${e.name}`))).sort());
      // API Gateway HTTP APIs wait at most 30 s for an integration; the MCP function outwaits the slowest tool
      expect(resourceOf(mcp).Properties.Timeout).toBeLessThanOrEqual(30);
      expect(resourceOf(mcp).Properties.Timeout).toBeGreaterThan(Math.max(...tools.map((e) => e.timeoutSeconds ?? 10)));
    });

    it('grants no DeleteItem, no wildcard action and no action on "*", in any stack', () => {
      // Act
      const statements = allStacks.flatMap((stack) =>
        ofType(stack, 'AWS::IAM::Policy').flatMap(([id, policy]) => policy.Properties.PolicyDocument.Statement.map((s: { Action: unknown; Resource: unknown }) => ({ id, ...s }))),
      );
      const broad = statements.filter((s) => asList(s.Action as string).some((a) => a.includes('*') || a === 'dynamodb:DeleteItem') || asList(s.Resource).includes('*'));
      // Assess
      expect(statements.length).toBeGreaterThan(200);
      expect(broad).toEqual([]);
    });

    it('gives no role a managed policy (AWSLambdaBasicExecutionRole allows logs on "*"): each function writes only to its own log group', () => {
      // Act
      const managed = allStacks.flatMap((stack) => ofType(stack, 'AWS::IAM::Role').filter(([, role]) => role.Properties.ManagedPolicyArns).map(([id]) => id));
      const logging = functions.map(({ fn }) => {
        const logGroup = resourceOf(fn).Properties.LoggingConfig.LogGroup;
        return statementsOf(fn).filter((s) => asList(s.Action).some((a) => a.startsWith('logs:'))).map((s) => ({ actions: asList(s.Action).sort(), resource: s.Resource, own: { 'Fn::GetAtt': [logGroup.Ref, 'Arn'] } }));
      });
      // Assess
      expect(managed).toEqual([]);
      for (const statements of logging) {
        expect(statements).toEqual([{ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resource: statements[0]!.own, own: statements[0]!.own }]);
      }
    });

    it("holds each table's IAM actions to the commands its repository sends, and no code deletes an item by itself", () => {
      // Act
      const declared = tableNames.map((table) => ({ table, ...TABLES[table].actions }));
      const deletes = ['lib', 'functions'].flatMap((dir) =>
        readdirSync(join(PROJECT_ROOT, dir), { recursive: true, encoding: 'utf8' })
          .filter((file) => file.endsWith('.ts') && /DeleteCommand|DeleteItemCommand|'DeleteItem'/.test(readFileSync(join(PROJECT_ROOT, dir, file), 'utf8'))),
      );
      // Assess: a table's grants are among its repository's commands (the accounts table is written only by the key CLI)
      for (const { table, read, write } of declared) {
        const repository = repositoryActions(table);
        expect([...read].sort()).toEqual(repository.read.filter((action) => action !== 'Scan'));
        expect(repository.write).toEqual(expect.arrayContaining([...write]));
      }
      expect(repositoryActions('market').write).toEqual(['BatchWriteItem']);
      expect(deletes).toEqual([]);
    });
  });

  describe('alarms', () => {
    const alarms = () =>
      allStacks.flatMap((stack) => ofType(stack, 'AWS::CloudWatch::Alarm').map(([id, alarm]) => ({ stack, id, ...alarm.Properties }) as Record<string, any> & { stack: Stack; id: string }));
    const topicArnIn = (stack: Stack) => JSON.stringify(stack.resolve(stacks.stateful.alarmTopic.topicArn));
    const actsOnTopic = (alarm: { stack: Stack; AlarmActions?: unknown[] }) => JSON.stringify(alarm.AlarmActions) === `[${topicArnIn(alarm.stack)}]`;

    it('has one alarm topic, with ALARM_EMAIL subscribed, and every alarm acts on it', () => {
      // Act
      const topics = allStacks.flatMap((stack) => ofType(stack, 'AWS::SNS::Topic'));
      // Assess
      expect(topics).toHaveLength(1);
      templateOf(stacks.stateful).hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'oncall@example.com' });
      expect(alarms().filter((alarm) => !actsOnTopic(alarm)).map((alarm) => alarm.id)).toEqual([]);
      expect(alarms().length).toBeGreaterThan(2 * functions.length);
    });

    it("alarms on every function's errors and throttles", () => {
      // Act
      const watched = (metric: string) =>
        new Set(alarms().filter((a) => a.Namespace === 'AWS/Lambda' && a.MetricName === metric).map((a) => JSON.stringify(a.stack.resolve(a.Dimensions))));
      // Assess
      for (const { fn } of functions) {
        const dimension = JSON.stringify([{ Name: 'FunctionName', Value: Stack.of(fn).resolve(fn.functionName) }]);
        expect(watched('Errors').has(dimension)).toBe(true);
        expect(watched('Throttles').has(dimension)).toBe(true);
      }
    });

    it('alarms when over 5 % of the API\'s answers are 5xx', () => {
      // Assess
      templateOf(stacks.api).hasResourceProperties('AWS::CloudWatch::Alarm', {
        Threshold: 5,
        ComparisonOperator: 'GreaterThanThreshold',
        Metrics: Match.arrayWith([
          Match.objectLike({ Expression: 'IF(calls >= 20, 100 * errors / calls, 0)' }),
          Match.objectLike({ Id: 'errors', MetricStat: Match.objectLike({ Metric: Match.objectLike({ MetricName: '5xx', Namespace: 'AWS/ApiGateway' }) }) }),
          Match.objectLike({ Id: 'calls', MetricStat: Match.objectLike({ Metric: Match.objectLike({ MetricName: 'Count', Namespace: 'AWS/ApiGateway' }) }) }),
        ]),
      });
    });

    it('alarms as soon as a failed ingestion run lands in the dead-letter queue, kept 14 days', () => {
      // Prepare
      const [queueId] = ofType(stacks.ingestion, 'AWS::SQS::Queue')[0]!;
      // Assess
      templateOf(stacks.ingestion).hasResourceProperties('AWS::SQS::Queue', { MessageRetentionPeriod: 14 * 24 * 3600 });
      templateOf(stacks.ingestion).hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        EvaluationPeriods: 1,
      });
    });

    it('alarms when a family\'s data age passes 3 times the longest gap between its scheduled runs (at least 15 minutes)', () => {
      // Act
      const stale = alarms().filter((a) => a.MetricName === 'DataAgeSeconds');
      // Assess
      expect(stale).toHaveLength(Object.keys(stacks.ingestion.families).length);
      for (const [family, members] of groupBy(ingestionJobs, (job) => job.family)) {
        const alarm = stale.find((a) => a.Dimensions.some((d: { Name: string; Value: string }) => d.Name === 'family' && d.Value === family));
        expect(alarm).toMatchObject({ Namespace: 'DataQueryService', Statistic: 'Maximum', ComparisonOperator: 'GreaterThanThreshold', TreatMissingData: 'ignore' });
        expect(alarm!.Threshold).toBe(Math.max(3 * longestGapMs(members!.map((job) => job.schedule)), 15 * 60_000) / 1000);
      }
      expect(stale.find((a) => a.Dimensions.some((d: { Value: string }) => d.Value === 'rates'))!.Threshold).toBe(3 * 3600);
    });

    it('has a dashboard of the API, the functions, the data age, the failed runs and DynamoDB throttling', () => {
      // Act
      const [[, dashboard]] = ofType(stacks.api, 'AWS::CloudWatch::Dashboard') as [[string, Resource]];
      const body = JSON.stringify(dashboard.Properties.DashboardBody);
      // Assess
      for (const metric of ['5xx', 'Errors', 'Throttles', 'DataAgeSeconds', 'ApproximateNumberOfMessagesVisible', 'ReadThrottleEvents', 'WriteThrottleEvents']) {
        expect(body).toContain(metric);
      }
    });

    it('alarms on throttled reads or writes of every table', () => {
      // Act
      const tableAlarms = ofType(stacks.stateful, 'AWS::CloudWatch::Alarm').map(([, a]) => JSON.stringify(a.Properties.Metrics));
      // Assess
      for (const table of tableNames) {
        expect(tableAlarms.filter((metrics) => metrics.includes('ReadThrottleEvents') && metrics.includes(logicalId(stacks.stateful.tables[table])))).toHaveLength(1);
      }
    });
  });

  describe('ingestion', () => {
    it.each(ingestionJobs.map((job) => [job.name, job] as const))('schedules the %s job with its EventBridge expression and timeout, and a dead-letter queue', (name, job) => {
      // Prepare
      const fn = stacks.ingestion.functions[name]!;
      const rule = ofType(Stack.of(fn), 'AWS::Events::Rule').find(([, r]) => JSON.stringify(r.Properties.Targets).includes(logicalId(fn)));
      // Assess
      expect(rule?.[1].Properties.ScheduleExpression).toBe(job.schedule);
      expect(rule?.[1].Properties.Targets[0].DeadLetterConfig).toBeDefined();
      expect(resourceOf(fn).Properties.Timeout).toBe(job.timeoutSeconds ?? 60);
      expect(resourceOf(fn).Properties.DeadLetterConfig).toBeDefined();
    });

    it('starts every job once after a deploy: a custom resource lists each job, in registry order, with its function and fingerprint', () => {
      // Act
      const [[, resource]] = ofType(stacks.ingestion, 'Custom::RunJobsAfterDeploy') as [[string, Resource]];
      const jobs = resource.Properties.Jobs as { name: string; functionName: unknown; fingerprint: string }[];
      // Assess
      expect(resource.Properties.ServiceToken).toEqual(stacks.ingestion.resolve(stacks.ingestion.afterDeploy.functionArn));
      expect(jobs.map((job) => job.name)).toEqual(ingestionJobs.map((job) => job.name));
      for (const job of jobs) {
        expect(job.functionName).toEqual(stacks.ingestion.resolve(stacks.ingestion.functions[job.name]!.functionName));
        expect(job.fingerprint).toMatch(/^[0-9a-f]{16}$/);
      }
    });

    it('lets the after-deploy function invoke exactly the job functions', () => {
      // Act
      const invokable = statementsOf(stacks.ingestion.afterDeploy).filter((s) => asList(s.Action).includes('lambda:InvokeFunction')).flatMap((s) => asList(s.Resource));
      const jobArns = ingestionJobs.map((job) => stacks.ingestion.resolve(stacks.ingestion.functions[job.name]!.functionArn));
      // Assess
      expect(invokable.filter((arn) => !JSON.stringify(arn).includes(':*')).map((arn) => JSON.stringify(arn)).sort()).toEqual(jobArns.map((arn) => JSON.stringify(arn)).sort());
    });

    it('outputs the name of every job function under <Job>Function (npm run jobs -- run --aws reads it)', () => {
      // Assess
      for (const job of ingestionJobs) {
        templateOf(stacks.ingestion).hasOutput(jobOutputKey(job.name), { Value: stacks.ingestion.resolve(stacks.ingestion.functions[job.name]!.functionName) });
      }
    });
  });

  it('creates every table on demand with point-in-time recovery, deletion protection and TTL where defined', () => {
    // Assess
    expect(ofType(stacks.stateful, 'AWS::DynamoDB::Table')).toHaveLength(tableNames.length);
    for (const name of tableNames) {
      const definition: { partitionKey: string; sortKey?: string; ttlAttribute?: string } = TABLES[name];
      const table = resourceOf(stacks.stateful.tables[name]);
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
      expect(table.Properties.TimeToLiveSpecification).toEqual(definition.ttlAttribute ? { AttributeName: definition.ttlAttribute, Enabled: true } : undefined);
      templateOf(stacks.stateful).hasOutput(TABLES[name].env.replaceAll('_', ''), { Value: Match.anyValue() });
    }
  });
});

describe('The ingestion stack', () => {
  it('schedules a job with its own table grants and the shared dead-letter queue', () => {
    // Prepare: a sample job on an existing handler; layer bundling is skipped, only the wiring is checked
    const app = new App({ context: { ...context, 'aws:cdk:bundling-stacks': [] } });
    const stateful = new StatefulStack(app, 'Stateful');
    const job: IngestionJobDefinition = {
      name: 'sampleJob',
      family: 'samples',
      entry: 'functions/openApi.ts',
      summary: 'a sample job',
      schedule: 'rate(1 hour)',
      timeoutSeconds: 120,
      tables: { usage: 'write' },
    };
    // Act
    const stack = new IngestionStack(app, 'Ingestion', {
      tables: stateful.tables,
      alarmTopic: stateful.alarmTopic,
      config: deploymentConfig({ SEC_USER_AGENT: EXPORTED.SEC_USER_AGENT }),
      jobs: [job],
    });
    const family = Template.fromStack(stack.families.samples!);
    // Assess
    family.resourceCountIs('AWS::Lambda::Function', 1);
    family.hasResourceProperties('AWS::Lambda::Function', { Runtime: 'nodejs22.x', Timeout: 120, DeadLetterConfig: { TargetArn: Match.anyValue() } });
    family.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(1 hour)', Targets: [Match.objectLike({ DeadLetterConfig: Match.anyValue() })] });
    expect(grantedPermissions(stack.functions.sampleJob!, stateful.tables)).toEqual({
      market: ['dynamodb:BatchGetItem', 'dynamodb:BatchWriteItem', 'dynamodb:GetItem', 'dynamodb:Query'],
      usage: ['dynamodb:UpdateItem'],
    });
    rmSync(app.outdir, { recursive: true, force: true });
  });
});
