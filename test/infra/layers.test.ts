/** The layers a function's code needs are the layers it is deployed with. */
import { endpointList } from '../../lib/api/registry';
import { moduleGraph } from '../../infra/bundling';

/** Each endpoint's bundle inputs (project-relative paths, after tree shaking). */
async function bundleInputs(): Promise<Map<string, string[]>> {
  const { outputs } = await moduleGraph(Object.fromEntries(endpointList.map((e) => [e.name, e.entry])));
  return new Map(endpointList.map((e) => [e.name, Object.keys(outputs[`out/${e.name}.js`]!.inputs)]));
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
