import type { EndpointDefinition } from '../definition';
import { needsPlan, PlanRequiredError } from '../errors';
import { ACCESS } from '../plans';
import type { PipelineMiddleware } from './state';

/** Endpoint-level and per-parameter plan rules; 403 names the plan needed. */
export function planGates(definition: EndpointDefinition): PipelineMiddleware {
  const gates = Object.entries(definition.paramGates ?? {});
  return {
    before: (request) => {
      const { account, params = {}, supplied, now } = request.internal;
      if (!account) return;
      const rule = ACCESS[definition.access];
      if (!rule.allows(account)) {
        throw new PlanRequiredError('endpoint', definition.access, needsPlan(definition.path, definition.access, account.tier));
      }
      for (const [name, gate] of gates) {
        if (!gate || !supplied?.has(name) || ACCESS[gate.access].allows(account)) continue;
        if (gate.freeValue?.(params[name] as never, now)) continue;
        throw new PlanRequiredError('parameter', gate.access, needsPlan(`Parameter '${name}'`, gate.access, account.tier), name);
      }
    },
  };
}
