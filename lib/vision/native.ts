import { createRequire } from 'node:module';

/**
 * Loads a native package (onnxruntime-node, sharp) through require, never through the bundle: in Lambda
 * they come from the onnxruntime layer under /opt/nodejs/node_modules, which is on NODE_PATH (searched by
 * require, not by ES module imports); locally from node_modules.
 */
export const loadNative: NodeJS.Require = createRequire(import.meta.url);
