import { PRODUCT } from '../../config/product';
import { mayReach } from '../../config/data-classification';
import type { TenantProfile, UserProfile } from '../domains/types';
import type { ModelCallStats } from '../pipeline/ports';
import { analyzeInjection } from '../security/injection-detector';
import { scrubPii } from '../security/pii';
import type { AiGate } from './ai-gate';
import type { EngineLogger } from './engine-logger';
import { ModelCallMeter, type MeteredAnswer } from './model-call-meter';
import type { ProviderChoice } from './provider-choice';
import { SUMMARY_TEMPLATE_ID, capWords, summaryInput, summarySystemPrompt } from './summary-prompt';
import type { UsageGuard } from './usage-guard';

export interface SummaryOutcome {
  text: string;
  /** `model`: a provider wrote it; `basic`: the seed's fallback (previous summary + last 3 messages). */
  source: 'model' | 'basic';
  /** Why the basic summary was used. */
  reason?: string;
  provider?: string;
}

export interface ConversationSummarizerDeps {
  providers: ProviderChoice;
  gate: AiGate;
  usage: UsageGuard;
  stats?: ModelCallStats;
  logger: EngineLogger;
  /** Default PRODUCT.summaryMaxWords (200). */
  maxWords?: number;
}

/**
 * Summaries are counted against the tenant like any model call; the AI gate's per-user limit
 * sees them as one "user" of their own, so they never eat a person's calls per minute.
 */
const SUMMARIES: UserProfile = { id: 'conversation-summaries', name: '', role: 'viewer' };

/**
 * Folds the person's newer messages into the conversation's summary (seed 003 §1.3, §6.3), on
 * the tenant's summarization provider (by default the local model, then Gemini): the AI gate
 * first, data classification, PII scrubbed, the summary capped at 200 words and checked by the
 * injection detector before it is kept. Never throws: without a model (no provider, a refusal,
 * a failure, an unusable answer) the summary is the seed's basic one, the previous summary and
 * the last three messages, so the conversation never loses its context entirely.
 */
export class ConversationSummarizer {
  private readonly maxWords: number;
  private readonly meter: ModelCallMeter;

  constructor(private readonly deps: ConversationSummarizerDeps) {
    this.maxWords = deps.maxWords ?? PRODUCT.summaryMaxWords;
    this.meter = new ModelCallMeter(deps.usage, deps.stats, deps.logger);
  }

  async summarize(
    tenant: TenantProfile,
    previous: string | undefined,
    messages: readonly string[],
    now: Date,
  ): Promise<SummaryOutcome> {
    const basic = (reason: string): SummaryOutcome => ({
      text: capWords(
        [previous ?? '', ...messages.slice(-3).map((m) => scrubPii(m).text)].filter(Boolean).join(' / '),
        this.maxWords,
      ),
      source: 'basic',
      reason,
    });
    const admitted = await this.deps.gate.admits(tenant);
    if (!admitted.allowed) return basic(admitted.refusal);
    const generator = this.deps.providers.pick(tenant, 'summarization');
    if (!generator) return basic('no_provider');
    if (!mayReach('conversation_user_messages', generator.location)) return basic('data_class');
    const allowed = await this.deps.gate.allowsCall(tenant, SUMMARIES, now);
    if (!allowed.allowed) return basic(allowed.refusal);

    let metered: MeteredAnswer;
    try {
      metered = await this.meter.call(tenant, now, generator, {
        system: summarySystemPrompt(tenant.locale, this.maxWords),
        messages: [
          {
            role: 'user',
            text: summaryInput(
              tenant.locale,
              previous,
              messages.map((m) => scrubPii(m).text),
            ),
          },
        ],
        // 200 words of Portuguese or Spanish are about 300 tokens; the rest is slack for the cut.
        maxOutputTokens: Math.ceil(this.maxWords * 2),
        temperature: 0,
      });
    } catch (error) {
      this.deps.logger.warn({ tenantId: tenant.id, err: error }, 'summary model failed; basic summary kept');
      return basic('provider_error');
    }
    const { answer, latencyMs, answeredBy } = metered;
    const text = capWords(scrubPii(answer.text).text, this.maxWords);
    if (text === '') return basic('empty_answer');
    // A summary goes into every later prompt: one that reads like instructions is not kept.
    if (analyzeInjection(text).action === 'BLOCK') return basic('injection_in_summary');
    this.deps.logger.info(
      {
        tenantId: tenant.id,
        template: SUMMARY_TEMPLATE_ID,
        provider: answeredBy.provider,
        model: answeredBy.model,
        latencyMs,
        messages: messages.length,
        words: text.split(' ').length,
      },
      'conversation summarized',
    );
    return { text, source: 'model', provider: answeredBy.provider };
  }
}
