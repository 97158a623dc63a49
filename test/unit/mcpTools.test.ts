import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { API_EXAMPLES } from '../../lib/api/examples.generated';
import { endpointList } from '../../lib/api/registry';
import { RESULT_FIELD, toolOf } from '../../lib/mcp/tools';

/**
 * The output schemas the MCP tools advertise hold for what the endpoints answer: an MCP client (the SDK's
 * Client) checks every structuredContent against them and fails the call when it does not fit.
 */
const validator = new AjvJsonSchemaValidator();
const jsonTools = endpointList.filter((e) => e.access !== 'public' && e.path !== '/mcp' && 'json' in e.response);

test.each(jsonTools.map((e) => [e.name, e] as const))(
  "the API reference's example answer of %s fits its tool's output schema, as structuredContent",
  (name, entry) => {
    // Prepare
    const { tool, wrapsResult } = toolOf(entry);
    const answer = API_EXAMPLES[name]!.response;

    // Act
    const checked = validator.getValidator(tool.outputSchema!)(wrapsResult ? { [RESULT_FIELD]: answer } : answer);

    // Assess
    expect(checked.errorMessage).toBeUndefined();
    expect(checked.valid).toBe(true);
  },
);

test('wraps exactly the answers that are not a JSON object: lists, and the oil answers that are an object or a list', () => {
  // Act
  const wrapped = jsonTools.filter((e) => toolOf(e).wrapsResult).map((e) => e.name);

  // Assess
  expect(wrapped).toEqual(expect.arrayContaining(['jokes', 'publicHolidays', 'airports', 'objectDetection', 'oilPrice', 'commodityContract']));
  expect(wrapped).not.toContain('counter');
  for (const name of wrapped) expect(Array.isArray(API_EXAMPLES[name]!.response) || name === 'oilPrice' || name === 'oilSpot' || name === 'commodityContract').toBe(true);
});
