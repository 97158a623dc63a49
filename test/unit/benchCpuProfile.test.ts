import { largestDifferences, meanByOrigin, sampleFilter, selfTimeByOrigin, type CpuProfile } from '../bench/cpuProfile';

const BUNDLE = 'file:///project/node_modules/.cache/dqs-bench/f.mjs';
const frame = (id: number, functionName: string, url = '', lineNumber = 0) => ({ id, callFrame: { functionName, url, lineNumber, columnNumber: 0 } });

/** Bundle lines 1–3 come from these sources (as a source map would say, relative to the project). */
const locate = (line: number) => ['node_modules/@smithy/core/dist-es/a.js', 'node_modules/zod/v4/core/core.js', 'lib/http/endpoint.ts'][line - 1];

test('sums self time by origin: packages and project folders through the source map, required packages by path, Node and V8 frames by name', () => {
  // Prepare: one sample of 1 ms per listed node id (ids repeat for more time); equal times keep the nodes' order
  const profile: CpuProfile = {
    nodes: [
      frame(1, '(root)'),
      frame(2, 'send', BUNDLE, 1),
      frame(3, 'parse', BUNDLE, 2),
      frame(4, 'handler', BUNDLE, 3),
      frame(5, 'compileSourceTextModule', 'node:internal/modules/esm/utils'),
      frame(6, '(garbage collector)'),
      frame(7, 'write', 'node:net'),
      frame(8, 'unmapped', BUNDLE, 9),
      frame(9, 'main', 'file:///project/test/bench/coldStart.mjs'),
      frame(10, 'create', 'file:///project/node_modules/onnxruntime-node/dist/backend.js'),
    ],
    samples: [2, 2, 3, 4, 5, 5, 5, 6, 7, 8, 9, 1, 10],
    timeDeltas: Array(13).fill(1000),
  };

  // Act
  const byOrigin = selfTimeByOrigin(profile, BUNDLE, locate);

  // Assess
  expect([...byOrigin]).toEqual([
    ['compiling the bundle (V8 parse)', 3],
    ['@smithy/core', 2],
    ['V8 and native code (program)', 1],
    ['zod', 1],
    ['project lib/http', 1],
    ['garbage collection', 1],
    ['node built-in net', 1],
    ['bundle (no source map entry)', 1],
    ['bench harness', 1],
    ['onnxruntime-node', 1],
  ]);
});

test('averages runs and lists the origins where a function spends the most over the floor', () => {
  // Prepare
  const runs = [new Map([['zod', 4], ['@smithy/core', 10]]), new Map([['zod', 2], ['@smithy/core', 12]])];
  const floor = new Map([['@smithy/core', 10], ['garbage collection', 3]]);

  // Act
  const mean = meanByOrigin(runs);
  const largest = largestDifferences(mean, floor, 2);

  // Assess
  expect(mean).toEqual(new Map([['zod', 3], ['@smithy/core', 11]]));
  expect(largest).toEqual([
    ['zod', 3, 0],
    ['@smithy/core', 11, 10],
  ]);
});

test('counts project sources by folder when there is no bundle, and only the samples inside the given spans and outside the excluded ones', () => {
  // Prepare: samples 1 ms apart from t = 1000 µs: at 2000 (handler), 3000 (sdk), 4000 (handler), 5000 (sdk)
  const handler = frame(2, 'handle', 'file:///project/lib/calendars/holidays.ts');
  const sdk = frame(3, 'send', 'file:///project/node_modules/@smithy/core/dist-es/a.js');
  const harness = frame(4, 'call', 'file:///project/test/bench/warm.ts');
  const profile: CpuProfile = { nodes: [handler, sdk, harness], samples: [2, 3, 2, 3, 4], timeDeltas: Array(5).fill(1000), startTime: 1000 };

  // Act: the call spans 1500–5500 µs; a send is in flight 4500–5500 µs
  const byOrigin = selfTimeByOrigin(profile, '', undefined, '/project', sampleFilter([[1500, 5500]], [[4500, 5500]]));

  // Assess: the 5000 µs sample (in the send) and the 6000 µs one (after the call) are left out
  expect([...byOrigin]).toEqual([
    ['project lib/calendars', 2],
    ['@smithy/core', 1],
  ]);
});
