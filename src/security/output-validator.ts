import type { z } from 'zod';
import { foreignPii } from './pii';

/**
 * Output validation (docs/specification.md#security): every answer of a model is checked before any of it is used.
 *
 * | rule                     | text answer                     | function call                         |
 * |--------------------------|---------------------------------|---------------------------------------|
 * | expected format          | well-formed UTF-16, cut at the  | name among the declared tools, args   |
 * |                          | size limit (2000 tokens) + warn | parsed by the tool's zod `parameters` |
 * | forbidden content (PII)  | others' PII redacted + warn     | others' PII -> blocked                |
 * | cross-tenant reference   | warn                            | a tenant key or a UUID the person did |
 * |                          |                                 | not write -> blocked + alert          |
 * | malicious encoding       | HTML/script stripped + warn     | HTML/script stripped + warn           |
 *
 * Existence of ids and contacts in the tenant is not checked here: that is Gate 3's job
 * (the pack's `validate`), which runs on every understanding whatever its source.
 *
 * `status`: `ok` (use it), `malformed` (the model got the format wrong: discard it, read the
 * message another way), `blocked` (the model tried something it may not: discard it, treat the
 * message as not understood, and audit `reason`).
 */

export type OutputBlockReason = 'undeclared_tool' | 'cross_tenant' | 'foreign_pii';

export interface ModelCall {
  name?: string;
  args?: unknown;
}

export interface OutputValidationInput {
  /** Text parts of the answer, joined. */
  text: string;
  calls: readonly ModelCall[];
  /** The tools the model was offered: name -> its zod `parameters`. */
  declared: ReadonlyMap<string, z.ZodType>;
  /** The person's own message, the only legitimate source of personal data and ids. */
  userText: string;
  tenantId: string;
  /** Cap of a text answer, in estimated tokens. Default 2000. */
  maxTextTokens?: number;
}

export interface OutputValidation {
  status: 'ok' | 'malformed' | 'blocked';
  isValid: boolean;
  blocked?: { reason: OutputBlockReason; tool?: string; detail: string };
  malformed?: string;
  /** The one function call, its args as the schema parsed them. */
  call?: { name: string; args: Record<string, unknown> };
  sanitizedContent: string;
  warnings: string[];
}

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const HTML =
  /<\s*(script|style|iframe|object|embed)[^>]*>[\s\S]*?<\s*\/\s*\1\s*>|<\/?[a-z][^>]*>|javascript:|\bon[a-z]+\s*=/gi;
const CHARS_PER_TOKEN = 4;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function stripHtml(text: string, warnings: string[], where: string): string {
  const stripped = text.replace(HTML, '');
  if (stripped !== text) warnings.push(`html_removed:${where}`);
  return stripped;
}

function sanitizeText(input: OutputValidationInput, warnings: string[]): string {
  const maxChars = (input.maxTextTokens ?? 2000) * CHARS_PER_TOKEN;
  let text = input.text;
  if (text.length > maxChars) {
    text = text.slice(0, maxChars);
    warnings.push('text_truncated');
  }
  const wellFormed = text.replace(LONE_SURROGATE, '\ufffd');
  if (wellFormed !== text) warnings.push('malformed_utf16_replaced');
  text = wellFormed;
  text = stripHtml(text, warnings, 'text');
  for (const pii of foreignPii(text, input.userText)) {
    text = text.split(pii.value).join('[removido]');
    warnings.push(`pii_redacted:${pii.kind}`);
  }
  for (const uuid of text.match(UUID) ?? []) {
    if (uuid.toLowerCase() !== input.tenantId.toLowerCase() && !input.userText.includes(uuid)) {
      warnings.push('foreign_uuid_in_text');
    }
  }
  return text;
}

/** Every string value in a JSON-like value, with its key path. */
function strings(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => strings(item, `${path}[${i}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => strings(item, path ? `${path}.${key}` : key));
  }
  return [];
}

/** Security checks on the raw arguments, whatever the schema kept of them. */
function scanArgs(raw: unknown, input: OutputValidationInput): OutputValidation['blocked'] | undefined {
  for (const [path, value] of strings(raw)) {
    if (/tenant/i.test(path) && value !== input.tenantId) {
      return { reason: 'cross_tenant', detail: `argument ${path} names another tenant` };
    }
    for (const uuid of value.match(UUID) ?? []) {
      if (uuid.toLowerCase() !== input.tenantId.toLowerCase() && !input.userText.includes(uuid)) {
        return { reason: 'cross_tenant', detail: `argument ${path} holds an id the person did not give` };
      }
    }
    const pii = foreignPii(value, input.userText);
    if (pii.length > 0) {
      return {
        reason: 'foreign_pii',
        detail: `argument ${path} holds ${pii[0]!.kind} the person did not give`,
      };
    }
  }
  return undefined;
}

function cleanArgs(args: Record<string, unknown>, warnings: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    out[key] = typeof value === 'string' ? stripHtml(value, warnings, key).trim() : value;
  }
  return out;
}

export function validateModelOutput(input: OutputValidationInput): OutputValidation {
  const warnings: string[] = [];
  const sanitizedContent = sanitizeText(input, warnings);
  const result = (rest: Partial<OutputValidation> & Pick<OutputValidation, 'status'>): OutputValidation => ({
    isValid: rest.status === 'ok',
    sanitizedContent,
    warnings,
    ...rest,
  });
  if (input.calls.length === 0) return result({ status: 'ok' });

  const names = [...new Set(input.calls.map((c) => c.name ?? ''))];
  const undeclared = names.find((name) => !input.declared.has(name));
  if (undeclared !== undefined) {
    return result({
      status: 'blocked',
      blocked: {
        reason: 'undeclared_tool',
        tool: undeclared,
        detail: `tool "${undeclared}" was not offered`,
      },
    });
  }
  if (names.length > 1)
    return result({ status: 'malformed', malformed: `several tools called: ${names.join(', ')}` });
  if (input.calls.length > 1) warnings.push('repeated_call_first_used');

  const call = input.calls[0]!;
  const name = names[0]!;
  const parsed = input.declared.get(name)!.safeParse(call.args ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return result({
      status: 'malformed',
      malformed: `${name}: ${issue ? `${issue.path.join('.') || '(args)'} ${issue.message}` : 'invalid arguments'}`,
    });
  }
  const rawKeys = call.args && typeof call.args === 'object' ? Object.keys(call.args) : [];
  const kept = Object.keys(parsed.data as object);
  for (const key of rawKeys) if (!kept.includes(key)) warnings.push(`unknown_argument_dropped:${key}`);

  const blocked = scanArgs(call.args, input);
  if (blocked) return result({ status: 'blocked', blocked: { ...blocked, tool: name } });
  return result({
    status: 'ok',
    call: { name, args: cleanArgs(parsed.data as Record<string, unknown>, warnings) },
  });
}
