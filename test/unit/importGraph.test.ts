import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { PROJECT_ROOT } from '../../infra/projectRoot';

/**
 * The layout rules of the house (README "Layout"): runtime code (functions/, lib/) never reaches into the
 * deployment folder (infra/), and no module imports itself through a chain of others.
 */

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function importsOf(file: string): string[] {
  const targets: string[] = [];
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = normalize(join(dirname(file), match[1]!));
    const resolved = [`${target}.ts`, join(target, 'index.ts'), target].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
    if (resolved) targets.push(resolved);
  }
  return targets;
}

const files = ['functions', 'lib', 'infra'].flatMap((folder) => sourceFiles(join(PROJECT_ROOT, folder)));
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const name = (file: string) => relative(PROJECT_ROOT, file);

/** Every import cycle, as the chain of files (depth-first search with an explicit path). */
function cycles(): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next].map(name));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return found;
}

describe('import graph', () => {
  test('functions and lib import nothing from infra', () => {
    // Prepare
    const runtime = files.filter((file) => !name(file).startsWith('infra'));

    // Act
    const reachingIntoInfra = runtime.flatMap((file) => (graph.get(file) ?? []).filter((target) => name(target).startsWith('infra')).map((target) => `${name(file)} → ${name(target)}`));

    // Assess
    expect(runtime.length).toBeGreaterThan(100);
    expect(reachingIntoInfra).toEqual([]);
  });

  test('has no import cycle', () => {
    // Act
    const found = cycles();

    // Assess
    expect(graph.size).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });
});
