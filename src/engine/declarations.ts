import { z } from 'zod';
import type { FunctionSpec } from '../core/text-generation';
import { ToolRegistry } from '../domains/tool-registry';
import type { AnyTool, DomainPack, TenantProfile, UserProfile } from '../domains/types';

/**
 * The pack's tools as function specs of the text-generation contract (docs/specification.md#tools),
 * for one user: the registry filters them by the user's role and the tenant's feature flags, so a
 * viewer's model never even hears of `create_boleto`.
 *
 * Gemini gets them as `parametersJsonSchema` (plain JSON Schema), not `parameters` (Gemini's OpenAPI
 * subset): zod's OpenAPI output carries keywords that subset does not have (`exclusiveMinimum:
 * true`, `additionalProperties`), which the API refuses. The schema is reduced to the keywords
 * Gemini documents for JSON Schema; the dropped ones (`pattern`, `minLength`...) still apply,
 * because the call's arguments are parsed by the tool's own zod schema before anything else.
 */

/** JSON Schema keywords Gemini documents for `parametersJsonSchema`. */
const KEPT = new Set([
  'type',
  'format',
  'title',
  'description',
  'enum',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'anyOf',
  'oneOf',
  'properties',
  'additionalProperties',
  'required',
  'propertyOrdering',
]);

/** Bounds zod adds to every integer (±2^53-1): noise for the model, tokens for the bill. */
const isSafeIntegerBound = (key: string, value: unknown) =>
  (key === 'minimum' || key === 'maximum') && Math.abs(Number(value)) === Number.MAX_SAFE_INTEGER;

/** Reduces a JSON Schema to Gemini's documented subset (`exclusiveMinimum: 0` on an integer -> `minimum: 1`). */
export function toGeminiSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toGeminiSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const source = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (!KEPT.has(key) || isSafeIntegerBound(key, value)) continue;
    if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, prop]) => [name, toGeminiSchema(prop)]),
      );
    } else {
      out[key] = key === 'enum' || key === 'required' ? value : toGeminiSchema(value);
    }
  }
  const exclusive = source.exclusiveMinimum;
  if (typeof exclusive === 'number' && out.minimum === undefined) {
    out.minimum = source.type === 'integer' ? exclusive + 1 : exclusive;
  }
  return out;
}

/**
 * The JSON Schema (draft 2020-12, no `$schema`) of a tool's parameters, in Gemini's subset, with
 * no `required` list: a model told that `due_date` is required tends to fill it with something,
 * and docs/specification.md#gates wants a missing value asked for, never invented. Which values an intent needs is
 * Gate 3's business (the pack's `IntentSpec.required`); the model only reports what it heard.
 */
export function parametersSchema(tool: AnyTool): Record<string, unknown> {
  let found = schemas.get(tool);
  if (!found) {
    const schema = z.toJSONSchema(argumentsSchema(tool), { io: 'input' }) as Record<string, unknown>;
    delete schema.$schema;
    delete schema.required;
    found = toGeminiSchema(schema) as Record<string, unknown>;
    schemas.set(tool, found);
  }
  return found;
}

/*
 * A tool's schemas never change while a process runs: built once per tool, not on every model
 * call (profiled under the bench's --model-latency: ~9 % of a pipeline process' CPU went to
 * turning zod into JSON Schema). Shared, so read only.
 */
const schemas = new WeakMap<AnyTool, Record<string, unknown>>();
const argumentSchemas = new WeakMap<AnyTool, z.ZodType>();
const specs = new WeakMap<AnyTool, FunctionSpec>();

/**
 * What a model's arguments are parsed with: the tool's own `parameters`, every field optional
 * (for the reason above). Types, formats, enums and bounds are the tool's, unchanged.
 */
export function argumentsSchema(tool: AnyTool): z.ZodType {
  let found = argumentSchemas.get(tool);
  if (!found) {
    const schema = tool.parameters as z.ZodType;
    found = schema instanceof z.ZodObject ? schema.partial() : schema;
    argumentSchemas.set(tool, found);
  }
  return found;
}

const registries = new WeakMap<DomainPack, ToolRegistry>();

/**
 * The tools this user may call in this tenant: role and feature flags (docs/specification.md#tools).
 * A later step of a multi-step action is never offered: only the action's own flow proposes it.
 */
export function availableTools(pack: DomainPack, tenant: TenantProfile, user: UserProfile): AnyTool[] {
  let registry = registries.get(pack);
  if (!registry) {
    const stepsOnly = new Set(
      Object.values(pack.intents)
        .filter((spec) => spec.flowStep)
        .map((spec) => spec.tool),
    );
    registry = new ToolRegistry(pack.tools.filter((tool) => !stepsOnly.has(tool.name)));
    registries.set(pack, registry);
  }
  return registry.available(user.role, tenant.ai.features);
}

export function toFunctionSpec(tool: AnyTool): FunctionSpec {
  let spec = specs.get(tool);
  if (!spec) {
    spec = { name: tool.name, description: tool.description, parameters: parametersSchema(tool) };
    specs.set(tool, spec);
  }
  return spec;
}
