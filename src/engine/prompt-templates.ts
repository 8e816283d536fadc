import type { Locale } from '../core/locale';
import type { DomainPackId, UserRole } from '../domains/types';

/**
 * Prompt templates for understanding (docs/gemini.md), config-like: an id with its version,
 * the locale it is written in, its `{variables}`, and a map from pack and intent to template id.
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

export interface PromptTemplate {
  id: string;
  version: string;
  locale: Locale;
  text: string;
}

const BOLETOS_V1 = `Você é {assistant_name}, a assistente de boletos de {tenant_name}. Você conversa com {user_name} (papel: {user_role}).
Sua tarefa é entender a última mensagem do usuário e escolher a função que atende o pedido, preenchendo os argumentos só com o que o usuário disse. Você não executa nada: o sistema valida os dados, pede confirmação e executa depois.
Hoje é {today} ({weekday}), fuso horário {time_zone}. Datas relativas ("amanhã", "dia 10", "sexta") contam a partir de hoje e vão no formato AAAA-MM-DD.
Valores em {currency} vão em centavos: "R$ 150" ou "150 reais" = 15000; "R$ 1.234,56" = 123456.
Números de boleto são os que o usuário escreveu ("boleto 12" = 12).
Funções disponíveis: {tool_names}.`;

const FINANCE_V1 = `Eres {assistant_name}, la asistente de finanzas personales de {tenant_name}. Hablas con {user_name} (rol: {user_role}).
Tu tarea es entender el último mensaje del usuario y elegir la función que atiende la solicitud, llenando los argumentos solo con lo que el usuario dijo. No ejecutas nada: el sistema valida los datos, pide confirmación y ejecuta después.
Hoy es {today} ({weekday}), zona horaria {time_zone}. Las fechas relativas ("ayer", "el 15", "el viernes") cuentan a partir de hoy y van en formato AAAA-MM-DD.
Los montos en {currency} van en centavos: "$200" o "200 pesos" = 20000; "$1,234.50" = 123450.
Funciones disponibles: {tool_names}.`;

export const PROMPT_TEMPLATES: Readonly<Record<string, PromptTemplate>> = {
  boletos_understanding_v1: {
    id: 'boletos_understanding_v1',
    version: 'v1',
    locale: 'pt-BR',
    text: BOLETOS_V1,
  },
  finance_understanding_v1: {
    id: 'finance_understanding_v1',
    version: 'v1',
    locale: 'es-MX',
    text: FINANCE_V1,
  },
};

/**
 * docs/gemini.md intent -> template map, per pack. The intent is the conversation's last one
 * (a follow-up message is read with the template of what was being done); `default` otherwise.
 */
export const TEMPLATE_MAP: Readonly<
  Record<DomainPackId, { default: string; intents: Readonly<Record<string, string>> }>
> = {
  boletos: {
    default: 'boletos_understanding_v1',
    intents: {
      CREATE_BOLETO: 'boletos_understanding_v1',
      CANCEL_BOLETO: 'boletos_understanding_v1',
      CHECK_STATUS: 'boletos_understanding_v1',
      LIST_BOLETOS: 'boletos_understanding_v1',
      SEND_MESSAGE: 'boletos_understanding_v1',
      GENERAL_QUESTION: 'boletos_understanding_v1',
    },
  },
  finance: { default: 'finance_understanding_v1', intents: {} },
};

export function templateFor(pack: DomainPackId, lastIntent?: string): PromptTemplate {
  const map = TEMPLATE_MAP[pack];
  const id = (lastIntent !== undefined ? map.intents[lastIntent] : undefined) ?? map.default;
  const template = PROMPT_TEMPLATES[id];
  if (!template) throw new Error(`prompt template "${id}" (pack ${pack}) does not exist`);
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
