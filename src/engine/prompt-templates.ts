import type { Locale } from '../core/locale';
import type { PackPrompts, PromptTemplate, UserRole } from '../domains/types';

/**
 * Prompt templates for understanding (docs/gemini.md), config-like: an id with its version,
 * the locale it is written in, its `{variables}`, and a map from intent to template id. Each
 * pack keeps its own (`src/domains/<pack>/prompts.ts`); this file holds what they share.
 * Written in the tenant's language, like the transcriber's prompts, which keeps the model from
 * drifting into English. Not user-visible, so they live here and not in the reply catalogs.
 *
 * The guardrails are not in the templates: the builder always appends them (`guardrails.ts`).
 * Changing a template: add `<name>_v2` next to `_v1`, keep its variables, point the map at it;
 * the prompt regression tests cover every template listed here.
 */

export const TEMPLATE_VARIABLES = [
  'assistant_name',
  'tenant_name',
  'user_name',
  'user_role',
  'today',
  'weekday',
  'time_zone',
  'currency',
  'tool_names',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

export type { PackPrompts, PromptTemplate } from '../domains/types';

export function templateFor(prompts: PackPrompts, lastIntent?: string): PromptTemplate {
  const id = (lastIntent !== undefined ? prompts.intents[lastIntent] : undefined) ?? prompts.default;
  const template = prompts.templates.find((t) => t.id === id);
  if (!template) throw new Error(`prompt template "${id}" does not exist in its pack`);
  return template;
}

export const ROLE_NAMES: Readonly<Record<Locale, Readonly<Record<UserRole, string>>>> = {
  'pt-BR': { owner: 'responsável', operator: 'operador', viewer: 'consulta' },
  'es-MX': { owner: 'titular', operator: 'operador', viewer: 'consulta' },
};

/**
 * Fills `{variable}`s in one pass (a value that itself holds "{x}" is not filled again) and
 * refuses a template that names a variable it was not given: no prompt leaves with a hole.
 */
export function fillPromptTemplate(
  template: PromptTemplate,
  values: Readonly<Record<TemplateVariable, string>>,
): string {
  return template.text.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    const value = (values as Readonly<Record<string, string>>)[name];
    if (value === undefined) throw new Error(`prompt template ${template.id}: unresolved {${name}}`);
    return value;
  });
}
