/**
 * The functions as deployed: the app synthesized into a temporary cdk.out (layer builds skipped; the layers'
 * contents are the project's own builds, pointed at through the variables the layers set), each function's
 * bundle found through its template, and invoked as Lambda invokes it: a fresh process per invocation
 * (test/bundles/invokeBundle.mjs) on the Node that runs the tests (`npm run test:node22`: Node 22, Lambda's
 * runtime; `npm test`: the machine's Node).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { buildApp } from '../../infra/app';
import { PROJECT_ROOT } from '../../infra/projectRoot';
import { deploymentConfig } from '../../infra/stacks/settings';
import { buildVpicLayer } from '../../layers/vpic/build';

const context = JSON.parse(readFileSync(join(PROJECT_ROOT, 'cdk.json'), 'utf8')).context;

export interface DeployedBundles {
  /** handler module (functions/x.ts) → its bundle directory in cdk.out */
  dirs: Map<string, string>;
  close(): void;
}

/** Synthesizes the app (as `cdk synth` does, layers aside) and finds every function's bundle in cdk.out. */
export function synthesizeBundles(): DeployedBundles {
  const outdir = mkdtempSync(join(tmpdir(), 'dqs-bundles-'));
  const stacks = buildApp(new App({ context: { ...context, 'aws:cdk:bundling-stacks': [] }, outdir }), deploymentConfig({ SEC_USER_AGENT: 'Example Data Co ops@example.com' }));
  stacks.app.synth();
  const dirs = new Map<string, string>();
  for (const file of readdirSync(outdir).filter((name) => name.endsWith('.template.json'))) {
    const template = JSON.parse(readFileSync(join(outdir, file), 'utf8'));
    for (const resource of Object.values(template.Resources) as { Type: string; Properties: { Code: { S3Key: string } }; Metadata?: Record<string, string> }[]) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const dir = join(outdir, `asset.${resource.Properties.Code.S3Key.replace(/\.zip$/, '')}`);
      dirs.set(entryOf(dir), dir);
    }
  }
  return { dirs, close: () => rmSync(outdir, { recursive: true, force: true }) };
}

/** The handler module a bundle was made from, as its source map names it (the entry is the map's first project source). */
function entryOf(bundleDir: string): string {
  const { sources } = JSON.parse(readFileSync(join(bundleDir, 'index.mjs.map'), 'utf8')) as { sources: string[] };
  const entry = sources.map((source) => source.replace(/^(\.\.\/)+/, '')).find((source) => /^functions\/.+\.ts$/.test(source));
  if (!entry) throw new Error(`${bundleDir}: no handler module in its source map`);
  return entry;
}

/**
 * What the layers give a function in Lambda, pointed at the project's own builds (the docs layer aside: without
 * it the docs function reads Swagger UI from the package and the API reference is built from the registry).
 */
export async function layerEnvironment(): Promise<NodeJS.ProcessEnv> {
  return {
    REFERENCE_DATA_DIR: join(PROJECT_ROOT, 'layers/reference-data/build/reference-data'),
    VPIC_DB_PATH: await buildVpicLayer(),
    // the onnxruntime layer's packages (and Swagger UI's), as Lambda's NODE_PATH finds /opt/nodejs/node_modules
    NODE_PATH: join(PROJECT_ROOT, 'node_modules'),
    MODELS_DIR: process.env.MODELS_DIR ?? join(PROJECT_ROOT, '../shared/models'),
  };
}

type Outcome = { result?: any; error?: { errorType: string; errorMessage: string } };

/** Invocations of a bundle in one fresh process (a cold start, then warm calls): each result, or the error Lambda would report. */
export function invokeBundleMany(bundleDir: string, events: unknown[], env: NodeJS.ProcessEnv): Promise<Outcome[]> {
  return run(bundleDir, events, env) as Promise<Outcome[]>;
}

/** One invocation of a bundle in a fresh process: the handler's result, or the error Lambda would report. */
export async function invokeBundle(bundleDir: string, event: unknown, env: NodeJS.ProcessEnv): Promise<Outcome & { stderr: string }> {
  return run(bundleDir, event, env) as Promise<Outcome & { stderr: string }>;
}

function run(bundleDir: string, input: unknown, env: NodeJS.ProcessEnv): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [join(PROJECT_ROOT, 'test/bundles/invokeBundle.mjs'), bundleDir],
      { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error && !stdout) return reject(new Error(`${bundleDir}: ${error.message}\n${stderr}`));
        const output = JSON.parse(stdout) as unknown;
        resolve(Array.isArray(output) ? output : { ...(output as object), stderr });
      },
    );
    child.stdin!.end(JSON.stringify(input));
  });
}

/** A handler that runs the bundle, for the local server's routes. */
export const bundleHandler =
  (bundleDir: string, env: NodeJS.ProcessEnv) =>
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const { result, error, stderr } = await invokeBundle(bundleDir, event, env);
    if (error) throw new Error(`${error.errorType}: ${error.errorMessage}\n${stderr}`);
    return result as APIGatewayProxyStructuredResultV2;
  };
