import { mayReach } from '../../config/data-classification';
import type { Scope } from '../domains/types';
import type { KnowledgePassage, ModelCallStats } from '../pipeline/ports';
import { analyzeInjection, scrubPii } from '../security';
import type { AiGate } from './ai-gate';
import type { EngineLogger } from './engine-logger';
import {
  GROUNDED_ANSWER_TEMPLATE_ID,
  groundedAnswerInput,
  groundedAnswerSystemPrompt,
  NO_ANSWER,
} from './grounded-answer-prompt';
import { ModelCallMeter } from './model-call-meter';
import type { ProviderChoice } from './provider-choice';
import { capWords } from './summary-prompt';
import type { UsageGuard } from './usage-guard';

/** A general question's answer written from the tenant's passages, and the titles it cites. */
export interface GroundedAnswer {
  text: string;
  titles: string[];
}

export interface GroundedAnswererDeps {
  providers: ProviderChoice;
  usage: UsageGuard;
  gate: AiGate;
  stats?: ModelCallStats;
  logger: EngineLogger;
  /** Longest answer, in words (default 120). */
  maxWords?: number;
}

/** Why a model's answer was not used (Iris quotes the best passage instead). */
export type GroundedRefusal =
  'empty' | 'no_answer' | 'no_citation' | 'unknown_title' | 'number_not_in_passages' | 'injection';

/**
 * A general question answered in the model's words from the passages search found (seed 003
 * §4, issue "Knowledge, memory and session context"), for tenants whose understanding uses a
 * model (`model_first`, `offline_first`). The answer is checked before anyone reads it and used
 * only when it cites at least one of the passages' titles and no other, holds no number absent
 * from the passages (a number in a reply comes from a document or a tool, never from a model),
 * and reads as no instruction; otherwise, or with no model, Iris quotes the best passage as it
 * is. The passages went through the injection detector before (a HIGH one is never offered);
 * this call has no tools, so nothing from a document can reach one.
 */
export class GroundedAnswerer {
  private readonly meter: ModelCallMeter;
  private readonly maxWords: number;

  constructor(private readonly deps: GroundedAnswererDeps) {
    this.meter = new ModelCallMeter(deps.usage, deps.stats, deps.logger);
    this.maxWords = deps.maxWords ?? 120;
  }

  async answer(
    question: string,
    scope: Scope,
    passages: readonly KnowledgePassage[],
    now = new Date(),
  ): Promise<GroundedAnswer | undefined> {
    const { tenant } = scope;
    if (tenant.ai.mode === 'offline' || passages.length === 0) return undefined;
    if (!(await this.deps.gate.admits(tenant)).allowed) return undefined;
    const generator = this.deps.providers.pick(tenant, 'understanding');
    if (!generator) return undefined;
    if (!mayReach('knowledge_passages', generator.location) || !mayReach('user_message', generator.location))
      return undefined;
    if (!(await this.deps.gate.allowsCall(tenant, scope.user, now)).allowed) return undefined;
    let text: string;
    try {
      const { answer } = await this.meter.call(tenant, now, generator, {
        system: groundedAnswerSystemPrompt(tenant.locale, this.maxWords),
        messages: [
          { role: 'user', text: groundedAnswerInput(tenant.locale, scrubPii(question).text, passages) },
        ],
        maxOutputTokens: this.maxWords * 3,
        temperature: 0,
      });
      text = answer.text;
    } catch (error) {
      this.deps.logger.warn({ tenantId: tenant.id, err: error }, 'grounded answer failed; passage quoted');
      return undefined;
    }
    const checked = checkGroundedAnswer(text, passages, this.maxWords);
    this.deps.logger.info(
      {
        correlationId: scope.correlationId,
        tenantId: tenant.id,
        template: GROUNDED_ANSWER_TEMPLATE_ID,
        ...(checked.ok ? { titles: checked.answer.titles } : { refused: checked.reason }),
      },
      checked.ok ? 'general question answered from documents' : 'grounded answer refused; passage quoted',
    );
    return checked.ok ? checked.answer : undefined;
  }
}

/**
 * The checks a model's answer must pass to be shown: it cites passages by their titles in
 * brackets (and only theirs), every number in it is written in a passage, and it carries no
 * instruction. The citations leave the text (the reply names its sources at the end).
 */
export function checkGroundedAnswer(
  text: string,
  passages: readonly KnowledgePassage[],
  maxWords = 120,
): { ok: true; answer: GroundedAnswer } | { ok: false; reason: GroundedRefusal } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  if (trimmed.includes(NO_ANSWER)) return { ok: false, reason: 'no_answer' };
  if (analyzeInjection(trimmed).action === 'BLOCK') return { ok: false, reason: 'injection' };
  const known = new Set(passages.map((p) => p.title));
  const cited = [...trimmed.matchAll(/\[([^\]\n]{1,200})\]/g)].map((m) => m[1]!.trim());
  if (cited.length === 0) return { ok: false, reason: 'no_citation' };
  if (cited.some((title) => !known.has(title))) return { ok: false, reason: 'unknown_title' };
  const body = trimmed.replace(/\s*\[[^\]\n]{1,200}\]/g, '').trim();
  const source = passages.map((p) => p.text).join('\n');
  for (const number of body.match(/\d+(?:[.,]\d+)*/g) ?? []) {
    const escaped = number.replace(/[.]/g, '\\.');
    if (!new RegExp(`(?<![\\d.,])${escaped}(?![\\d]|[.,]\\d)`).test(source))
      return { ok: false, reason: 'number_not_in_passages' };
  }
  return { ok: true, answer: { text: capWords(body, maxWords), titles: [...new Set(cited)] } };
}
