/**
 * How a Lambda handler is bundled (esbuild options): used by the CDK functions (infra/stacks/handlerBundles.ts)
 * and by `npm run bench`, which measures the same bundles.
 */
import { join } from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { PROJECT_ROOT } from './projectRoot';

export const LAMBDA_BUNDLE = {
  bundle: true,
  format: 'esm',
  target: 'node22',
  platform: 'node',
  mainFields: ['module', 'main'],
  minify: true,
  /**
   * Nothing external: the runtime ships an AWS SDK v3, but bundling our pinned one loads in about half
   * the time of the runtime's many files (npm run bench) and runs the version we test.
   */
  external: [],
  /**
   * A source map beside each bundle (index.mjs.map), deployed but not enabled: NODE_OPTIONS=--enable-source-maps
   * would parse it at every cold start (npm run bench, "Source maps"). Stack frames in the logs point into
   * the bundle; map them with the deployed .map file (README).
   */
  sourcemap: true,
  // file and line only (what stack traces need): the sources themselves would triple the assets
  sourcesContent: false,
  /** CommonJS dependencies inside the ES module bundle still call require() */
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  /** the MCP SDK's JSON Schema validator for elicitation answers, which our MCP server never asks for: lib/mcp/withoutAjv.ts */
  alias: { ajv: join(PROJECT_ROOT, 'lib/mcp/withoutAjv.ts'), 'ajv-formats': join(PROJECT_ROOT, 'lib/mcp/withoutAjv.ts') },
} satisfies BuildOptions;

/**
 * Which project files the modules in `entries` (output name → project-relative path) are made of, as esbuild
 * reads them for a bundle (nothing written; npm packages left out): `inputs` for all of them together,
 * `outputs[<name>.js].inputs` for one, after tree shaking.
 */
export async function moduleGraph(entries: Record<string, string>): Promise<Metafile> {
  const { metafile } = await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, path]) => [name, join(PROJECT_ROOT, path)])),
    absWorkingDir: PROJECT_ROOT,
    outdir: 'out',
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  return metafile;
}
