/**
 * Where a cold start's CPU time goes: the self time of a V8 CPU profile (node --cpu-prof), summed by origin.
 * Frames in the bundle are traced back through its source map to the npm package or project folder they came
 * from; Node's own frames are grouped by built-in module, and V8's pseudo-frames (compiling the bundle,
 * garbage collection, idle time waiting for the store) get names of their own. Used by npm run bench for
 * the cold starts of the named exceptions and of functions over budget (bundles), and for the slowest warm
 * functions (sources run by tsx, their own time only: the samples taken outside the SDK's sends).
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The parts of a .cpuprofile file read here. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
  /** µs on the monotonic clock of process.hrtime */
  startTime?: number;
}

/** Time spans in µs on the monotonic clock of process.hrtime (the profile's): [start, end]. */
export type Spans = [number, number][];

/** Whether a sample taken at `at` (µs) lies in one of `within` and in none of `outside`. */
export function sampleFilter(within: Spans, outside: Spans): (at: number) => boolean {
  const inAny = (spans: Spans, at: number) => spans.some(([start, end]) => at >= start && at <= end);
  return (at) => inAny(within, at) && !inAny(outside, at);
}

/** The original source of a position in the bundle (0-based line and column), or undefined. */
export type Locate = (line: number, column: number) => string | undefined;

/** A locate function over the source map written beside a bundle (`<bundle>.map`): sources relative to `root`. */
export function sourceMapLocator(bundleFile: string, root: string): Locate {
  const map = new SourceMap(JSON.parse(readFileSync(`${bundleFile}.map`, 'utf8')));
  return (line, column) => {
    const { originalSource } = map.findEntry(line, column) as { originalSource?: string };
    return originalSource && relative(root, resolve(dirname(bundleFile), originalSource));
  };
}

const PSEUDO_FRAMES: Record<string, string> = {
  '(garbage collector)': 'garbage collection',
  '(idle)': 'idle (waiting for I/O: the store, the disk)',
  '(program)': 'V8 and native code (program)',
  '(root)': 'V8 and native code (program)',
};

/** Node's functions that compile JavaScript: their self time is V8 parsing the code they load. */
const COMPILING = new Set(['compileSourceTextModule', 'wrapSafe', 'compileFunction']);

/** The origin of a source path (relative to the project): an npm package, or a project folder. */
function originOfSource(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = source.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  return `project ${dirname(source)}`;
}

/**
 * The origin of one profile frame; `bundleUrl` is the file URL of the bundle, whose frames `locate` maps.
 * Without a bundle (the warm bench runs the sources), frames in `projectRoot` count by project folder.
 */
function originOf(frame: CpuProfile['nodes'][number]['callFrame'], bundleUrl: string, locate?: Locate, projectRoot?: string): string {
  if (frame.url === '') return PSEUDO_FRAMES[frame.functionName] ?? `V8 and native code (${frame.functionName || 'anonymous'})`;
  if (COMPILING.has(frame.functionName)) return 'compiling the bundle (V8 parse)';
  if (frame.functionName === 'compileForInternalLoader') return 'loading node built-ins';
  if (frame.url.startsWith('node:')) return `node built-in ${frame.url.slice('node:'.length).replace(/^internal\//, '').split('/')[0]}`;
  if (frame.url === bundleUrl) {
    const source = locate?.(frame.lineNumber, frame.columnNumber);
    return source ? originOfSource(source) : 'bundle (no source map entry)';
  }
  // outside the bundle: packages loaded with require (native ones: onnxruntime-node, sharp), project sources, or the harness
  if (frame.url.includes('/node_modules/')) return originOfSource(frame.url);
  const projectUrl = projectRoot && pathToFileURL(projectRoot).href + '/';
  if (projectUrl && frame.url.startsWith(projectUrl) && !frame.url.startsWith(`${projectUrl}test/`)) return originOfSource(frame.url.slice(projectUrl.length));
  return 'bench harness';
}

/**
 * Self time in ms by origin (see originOf), largest first; `keep` (sampleFilter) counts only the samples taken
 * when it says (by the sample's time in µs, which needs the profile's startTime).
 */
export function selfTimeByOrigin(profile: CpuProfile, bundleUrl: string, locate?: Locate, projectRoot?: string, keep?: (at: number) => boolean): Map<string, number> {
  const selfMicros = new Map<number, number>();
  let at = profile.startTime ?? 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (!keep || keep(at)) selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byOrigin = new Map<string, number>();
  for (const node of profile.nodes) {
    const micros = selfMicros.get(node.id);
    if (!micros) continue;
    const origin = originOf(node.callFrame, bundleUrl, locate, projectRoot);
    byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + micros / 1000);
  }
  return new Map([...byOrigin].sort((a, b) => b[1] - a[1]));
}

/** The mean of several runs' self times by origin. */
export function meanByOrigin(runs: Map<string, number>[]): Map<string, number> {
  const sum = new Map<string, number>();
  for (const run of runs) for (const [origin, ms] of run) sum.set(origin, (sum.get(origin) ?? 0) + ms);
  return new Map([...sum].map(([origin, ms]) => [origin, ms / runs.length]));
}

/** The origins where a function spends the most time over the floor: [origin, function ms, floor ms], largest difference first. */
export function largestDifferences(subject: Map<string, number>, floor: Map<string, number>, count: number): [string, number, number][] {
  return [...new Set([...subject.keys(), ...floor.keys()])]
    .map((origin): [string, number, number] => [origin, subject.get(origin) ?? 0, floor.get(origin) ?? 0])
    .sort((a, b) => b[1] - b[2] - (a[1] - a[2]))
    .slice(0, count);
}
