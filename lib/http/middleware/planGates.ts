import type { EndpointDefinition } from '../definition';
import { PlanRequiredError } from '../errors';
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
        throw new PlanRequiredError(`${definition.path} needs a plan of: ${rule.label}. This key is on the ${account.tier} plan.`);
      }
      for (const [name, gate] of gates) {
        if (!gate || !supplied?.has(name) || ACCESS[gate.access].allows(account)) continue;
        if (gate.freeValue?.(params[name] as never, now)) continue;
        throw new PlanRequiredError(
          `Parameter '${name}' needs a plan of: ${ACCESS[gate.access].label}. This key is on the ${account.tier} plan.`,
          name,
        );
      }
    },
  };
}
