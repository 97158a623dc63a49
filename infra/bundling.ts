/**
 * How a Lambda handler is bundled: used by the CDK functions (NodejsFunction) and by `npm run bench`,
 * which measures the same bundles.
 */
export const LAMBDA_BUNDLE = {
  format: 'esm',
  target: 'node22',
  platform: 'node',
  mainFields: ['module', 'main'],
  minify: true,
  /**
   * Nothing external: the runtime ships an AWS SDK v3, but bundling our pinned one loads in about half
   * the time of the runtime's many files (npm run bench) and runs the version we test.
   */
  external: [] as string[],
  /** CommonJS dependencies inside the ES module bundle still call require() */
  banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
} as const;
