/** The layers a function's code needs are the layers it is deployed with. */
import { join } from 'node:path';
import { build } from 'esbuild';
import { endpointList } from '../../lib/api/registry';
import { PROJECT_ROOT } from '../../infra/projectRoot';

/** Each endpoint's bundle inputs (project-relative paths), from one esbuild run over every handler. */
async function bundleInputs(): Promise<Map<string, string[]>> {
  const names = new Map(endpointList.map((e) => [e.entry.replace(/\.ts$/, ''), e.name]));
  const { metafile } = await build({
    entryPoints: Object.fromEntries(endpointList.map((e) => [e.entry.replace(/\.ts$/, ''), join(PROJECT_ROOT, e.entry)])),
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
  const inputs = new Map<string, string[]>();
  for (const [output, { entryPoint, inputs: used }] of Object.entries(metafile.outputs)) {
    if (!entryPoint || output.endsWith('.map')) continue;
    inputs.set(names.get(entryPoint.replace(/\.ts$/, ''))!, Object.keys(used));
  }
  return inputs;
}

test('every endpoint whose code reads the reference data is deployed with the reference-data layer', async () => {
  // Prepare
  const inputs = await bundleInputs();

  // Act: the functions built on the registry (the API reference, the docs page, the 404 answer) import every
  // family's definitions and with them the modules that read reference data, but read none themselves
  const readers = endpointList.filter(
    (e) => inputs.get(e.name)!.includes('lib/reference/referenceData.ts') && !inputs.get(e.name)!.includes('lib/api/registry.ts'),
  );
  const withoutLayer = readers.filter((e) => !e.layers?.includes('referenceData')).map((e) => e.name);

  // Assess
  expect(inputs.size).toBe(endpointList.length);
  expect(readers.map((e) => e.name)).toEqual(expect.arrayContaining(['stockPrice', 'oilPriceHistorical', 'publicHolidays', 'incomeTax']));
  expect(withoutLayer).toEqual([]);
});
