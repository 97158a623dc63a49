/**
 * The onnxruntime layer: onnxruntime-node and sharp with only their Linux x64 (glibc) native binaries, laid
 * out as /opt/nodejs/node_modules (on Lambda's NODE_PATH). Copied from the project's node_modules; the
 * other platforms' binaries, install scripts, sources, type declarations and source maps are left out.
 *
 *   npx tsx layers/onnxruntime/build.ts [outDir]     (default layers/onnxruntime/build)
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const ONNXRUNTIME_LAYER_OUT = join(PROJECT_ROOT, 'layers/onnxruntime/build');

/** What the function loads, plus sharp's Linux x64 binaries (optional dependencies, so named here). */
const ROOTS = ['onnxruntime-node', 'sharp', '@img/sharp-linux-x64', '@img/sharp-libvips-linux-x64'];
/** Dependencies used only by install scripts, never at run time. */
const INSTALL_ONLY = new Set(['adm-zip', 'global-agent']);
/** onnxruntime's native binaries for Linux x64 (sharp's are the @img roots); the build fails without them. */
const REQUIRED_FILES = [
  'onnxruntime-node/bin/napi-v6/linux/x64/onnxruntime_binding.node',
  'onnxruntime-node/bin/napi-v6/linux/x64/libonnxruntime.so.1',
];

/** Paths (relative to the package, '/'-separated) left out of a package: other platforms, build inputs. */
const PRUNE: Record<string, RegExp[]> = {
  'onnxruntime-node': [/^bin\/napi-v6\/(?!linux(\/|$))/, /^bin\/napi-v6\/linux\/(?!x64(\/|$))/, /^script(\/|$)/, /^lib(\/|$)/],
  'onnxruntime-common': [/^lib(\/|$)/, /^dist\/esm(\/|$)/],
  sharp: [/^src(\/|$)/, /^install(\/|$)/, /^lib(\/|$)/, /\.mjs$/],
  '@img/sharp-libvips-linux-x64': [/^lib\/glib-2\.0(\/|$)/],
};
/** Left out of every package: docs, type declarations, source maps. Licences stay. */
const NOT_RUNTIME = [/(^|\/)README[^/]*$/i, /\.d\.[cm]?ts$/, /\.map$/, /(^|\/)(test|tests|docs)\//];

function packageDir(nodeModules: string, name: string): string {
  const dir = join(nodeModules, name);
  if (!existsSync(join(dir, 'package.json'))) throw new Error(`${name} is not installed in ${nodeModules} (npm ci)`);
  return dir;
}

/** The packages to ship: the roots and their run-time dependencies, transitively. */
export function layerPackages(nodeModules: string): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || INSTALL_ONLY.has(name)) return;
    seen.add(name);
    const manifest = JSON.parse(readFileSync(join(packageDir(nodeModules, name), 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    Object.keys(manifest.dependencies ?? {}).forEach(visit);
  };
  ROOTS.forEach(visit);
  return [...seen].sort();
}

/** Builds the layer content into outDir/nodejs/node_modules; returns the packages copied. */
export function buildOnnxRuntimeLayer(outDir: string = ONNXRUNTIME_LAYER_OUT, nodeModules = join(PROJECT_ROOT, 'node_modules')): string[] {
  for (const file of REQUIRED_FILES) {
    if (!existsSync(join(nodeModules, file))) throw new Error(`missing native binary ${file}: the layer needs the Linux x64 build`);
  }
  const target = join(outDir, 'nodejs', 'node_modules');
  rmSync(join(outDir, 'nodejs'), { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  const packages = layerPackages(nodeModules);
  for (const name of packages) {
    const from = packageDir(nodeModules, name);
    const pruned = [...(PRUNE[name] ?? []), ...NOT_RUNTIME];
    cpSync(from, join(target, name), {
      recursive: true,
      dereference: true,
      filter: (source) => {
        const path = relative(from, source).split(sep).join('/');
        return path === '' || basename(path) === 'node_modules' ? path === '' : !pruned.some((rule) => rule.test(path));
      },
    });
  }
  return packages;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = resolve(process.argv[2] ?? ONNXRUNTIME_LAYER_OUT);
  const packages = buildOnnxRuntimeLayer(outDir);
  console.log(`onnxruntime layer: ${packages.join(', ')} → ${join(outDir, 'nodejs/node_modules')}`);
}
