import { mayReach } from '../../config/data-classification';
import type { ProviderLocation } from '../core/text-generation';
import { PRODUCT } from '../../config/product';
import type { Understanding } from '../core/understanding';
import type { DomainPack, Scope } from '../domains/types';
import type { IntentEngine, ModelCallStats } from '../pipeline/ports';
import { USABLE_FINISH } from '../core/text-generation';
import { analyzeInjection, type InjectionAnalysis } from '../security/injection-detector';
import { availableTools, toFunctionSpec } from './declarations';
import type { EngineAudit } from './engine-audit';
import type { EngineLogger } from './engine-logger';
import {
  blockedResult,
  offlineResult,
  type EngineUnderstanding,
  type FallbackReason,
} from './engine-understanding';
import { MEMORY_FUNCTION_SPEC } from './memory-proposal';
import { readModelAnswer } from './model-reading';
import { PromptBudgetError, buildPrompt, type BuiltPrompt, type ConversationContext } from './prompt-builder';
import { understandingContext } from './understanding-context';
import type { UsageGuard } from './usage-guard';
import type { AiGate, AiRefusal } from './ai-gate';
import type { ProviderChoice } from './provider-choice';
import { ModelCallMeter, type MeteredAnswer } from './model-call-meter';

/** Where the engine gets the conversation's summary and recent messages (optional). */
export type ConversationContextSource = (scope: Scope) => Promise<ConversationContext | undefined>;

/**
 * What the tenant's documents and the person's memories bring to an understanding prompt (the
 * app wires the knowledge base and the memory store): asked only for what data classification
 * lets reach the provider the prompt goes to.
 */
export type PromptBackgroundSource = (
  scope: Scope,
  text: string,
  wants: { passages: boolean; memories: boolean },
) => Promise<{ passages?: Array<{ title: string; text: string }>; memories?: string[] }>;

export interface ModelEngineOptions {
  /** The model per tenant for understanding (`provider-choice.ts`); each one already resilient. */
  providers: ProviderChoice;
  usage: UsageGuard;
  /** The five checks before a model call (`ai-gate.ts`). */
  gate: AiGate;
  /** Each call's outcome, latency and cost, for the AI alerts; optional. */
  stats?: ModelCallStats;
  audit: EngineAudit;
  logger: EngineLogger;
  context?: ConversationContextSource;
  /** Passages and memories for the prompt; without it the prompt has neither. */
  background?: PromptBackgroundSource;
  /** Cap on generated tokens. Default 256: one function call or one short sentence. */
  maxOutputTokens?: number;
  /** Prompt input budget in estimated tokens. Default 5200 (docs/gemini.md). */
  budgetTokens?: number;
  /** Gate 2's threshold, for `offline_first` and the confidence method. Default 0.7. */
  threshold?: number;
}

/**
 * Understanding with a model's function calling (Gemini, or a local model), per tenant mode
 * (TenantProfile.ai.mode):
 *
 * - `offline`: the offline understander only; no model, no detector.
 * - `model_first`: the model reads every message; on any failure, the offline reading is used.
 * - `offline_first`: the offline reading, unless it is UNKNOWN or below 0.7; then the model.
 *
 * In both model modes, in this order: the AI gate's checks 1-3 (platform switch, tenant flag,
 * plan; refused: offline, no detector), injection detection (HIGH: no call, UNKNOWN, alert), the
 * gate's checks 4-5 (hard cost limit, calls per minute), the prompt, the call through the resilient caller (time-out,
 * 429, 5xx, open circuit, any error: offline), usage and cost recorded, output validation,
 * grounding, confidence (`model-reading.ts`). The offline reading is computed first every time:
 * it is the fallback, the witness grounding checks values against, and half of the confidence.
 */
export class ModelIntentEngine implements IntentEngine {
  private readonly threshold: number;
  private readonly meter: ModelCallMeter;

  constructor(private readonly options: ModelEngineOptions) {
    this.threshold = options.threshold ?? PRODUCT.intentConfidenceThreshold;
    this.meter = new ModelCallMeter(options.usage, options.stats, options.logger);
  }

  async understand(text: string, scope: Scope, pack: DomainPack, typed = text): Promise<EngineUnderstanding> {
    const offline = pack.understander.understand(text, understandingContext(scope));
    const ai = scope.tenant.ai;
    if (ai.mode === 'offline') return offlineResult(offline, 'mode_offline');
    const admitted = await this.options.gate.admits(scope.tenant);
    if (!admitted.allowed) return this.refused(scope, offline, admitted.refusal, admitted.detail);

    const analysis = analyzeInjection(typed);
    if (analysis.action === 'BLOCK') return this.blockInjection(scope, analysis);
    if (ai.mode === 'offline_first' && offline.intent !== 'UNKNOWN' && offline.confidence >= this.threshold) {
      return offlineResult(offline, 'offline_confident');
    }
    if (analysis.riskLevel !== 'NONE') this.noteInjection(scope, analysis);
    if (analysis.sanitized === '') return this.fallback(scope, offline, 'sanitized_empty');
    const reading = await this.withModel(analysis.sanitized, text, scope, pack, offline);
    // A memory proposed from a message the detector flagged is not offered: what it would keep
    // may be the injected text.
    if (reading.memoryProposal && analysis.riskLevel !== 'NONE') {
      const { memoryProposal: _dropped, ...rest } = reading;
      return rest;
    }
    return reading;
  }

  private async withModel(
    promptText: string,
    text: string,
    scope: Scope,
    pack: DomainPack,
    offline: Understanding,
  ): Promise<EngineUnderstanding> {
    const fallback = (reason: FallbackReason, detail?: Record<string, unknown>) =>
      this.fallback(scope, offline, reason, detail);
    const generator = this.options.providers.pick(scope.tenant, 'understanding');
    if (!generator) return fallback('no_provider');
    const offered = availableTools(pack, scope.tenant, scope.user);
    if (offered.length === 0) return fallback('no_tools');
    const allowed = await this.options.gate.allowsCall(scope.tenant, scope.user, scope.now);
    if (!allowed.allowed) return this.refused(scope, offline, allowed.refusal, allowed.detail);

    let prompt: BuiltPrompt;
    try {
      prompt = buildPrompt({
        packId: pack.id,
        prompts: pack.prompts,
        tenant: scope.tenant,
        user: scope.user,
        now: scope.now,
        userText: promptText,
        tools: [...offered.map(toFunctionSpec), MEMORY_FUNCTION_SPEC],
        ...(await this.conversation(scope)),
        ...(await this.background(scope, promptText, generator.location)),
        ...(this.options.budgetTokens === undefined ? {} : { budgetTokens: this.options.budgetTokens }),
        destination: generator.location,
      });
    } catch (error) {
      if (error instanceof PromptBudgetError)
        return fallback('prompt_budget', { tokens: error.estimatedTokens });
      throw error;
    }

    let metered: MeteredAnswer;
    const started = Date.now();
    try {
      metered = await this.meter.call(scope.tenant, scope.now, generator, {
        system: prompt.systemPrompt,
        messages: prompt.messages,
        functions: prompt.tools,
        maxOutputTokens: this.options.maxOutputTokens ?? 256,
        temperature: 0,
      });
    } catch (error) {
      const { code, message } = error as { code?: string; message?: string };
      const latencyMs = Date.now() - started;
      return fallback('provider_error', { code, error: message, latencyMs, provider: generator.provider });
    }
    const { answer, latencyMs, answeredBy } = metered;
    this.options.logger.info(
      {
        correlationId: scope.correlationId,
        tenantId: scope.tenant.id,
        provider: answeredBy.provider,
        model: answeredBy.model,
        withheld: prompt.withheld,
        scrubbed: prompt.scrubbed,
        template: prompt.templateId,
        latencyMs,
        estimatedTokens: prompt.estimatedTokens,
        inputTokens: answer.usage.inputTokens,
        outputTokens: answer.usage.outputTokens,
        calls: answer.calls.map((c) => c.name),
        finishReason: answer.finishReason,
      },
      'model understanding answered',
    );
    if (answer.blockReason) return fallback('model_refused', { blockReason: answer.blockReason });
    if (!USABLE_FINISH.has(answer.finishReason))
      return fallback('malformed_call', { finishReason: answer.finishReason });

    const reading = readModelAnswer({
      answer,
      text,
      offline,
      pack,
      offered,
      tenantId: scope.tenant.id,
      threshold: this.threshold,
      patchReading: (fields) =>
        pack.understander.readPatch(text, { ...understandingContext(scope), expected: fields }),
    });
    const proposed = reading.memoryProposal ? { memoryProposal: reading.memoryProposal } : {};
    switch (reading.kind) {
      case 'fallback':
        return { ...fallback(reading.reason, { detail: reading.detail }), ...proposed };
      case 'blocked':
        this.options.logger.warn(
          {
            correlationId: scope.correlationId,
            tenantId: scope.tenant.id,
            alert: 'model_call_blocked',
            ...reading,
          },
          'model call blocked',
        );
        this.options.audit.record(scope, 'model_call_blocked', {
          reason: reading.reason,
          tool: reading.tool,
          detail: reading.detail,
          role: scope.user.role,
        });
        return blockedResult(reading.reason);
      case 'understood':
        if (reading.dropped.length > 0) {
          const dropped = reading.dropped.map((d) => ({ field: d.field, reason: d.reason }));
          this.options.logger.info(
            { correlationId: scope.correlationId, intent: reading.understanding.intent, dropped },
            'model values dropped by grounding',
          );
          this.options.audit.record(scope, 'model_value_dropped', { dropped }, reading.understanding.intent);
        }
        return { ...reading.understanding, ...proposed };
    }
  }

  /**
   * The conversation's context: what the turn holds (`scope.conversation`), else a configured
   * source; a failing source only costs context.
   */
  private async conversation(scope: Scope): Promise<{ context?: ConversationContext }> {
    if (scope.conversation)
      return { context: { ...scope.conversation, recent: [...scope.conversation.recent] } };
    if (!this.options.context) return {};
    try {
      const context = await this.options.context(scope);
      return context ? { context } : {};
    } catch (error) {
      this.options.logger.warn(
        { correlationId: scope.correlationId, err: error },
        'conversation context unavailable',
      );
      return {};
    }
  }

  /** Passages and memories for a prompt to `location`; a failing source only costs context. */
  private async background(
    scope: Scope,
    text: string,
    location: ProviderLocation,
  ): Promise<{ passages?: Array<{ title: string; text: string }>; memories?: string[] }> {
    const wants = {
      passages: mayReach('knowledge_passages', location),
      memories: mayReach('user_memories', location),
    };
    if (!this.options.background || (!wants.passages && !wants.memories)) return {};
    try {
      return await this.options.background(scope, text, wants);
    } catch (error) {
      this.options.logger.warn(
        { correlationId: scope.correlationId, err: error },
        'prompt background unavailable',
      );
      return {};
    }
  }

  private fallback(
    scope: Scope,
    offline: Understanding,
    reason: FallbackReason,
    detail: Record<string, unknown> = {},
  ): EngineUnderstanding {
    const log = { correlationId: scope.correlationId, tenantId: scope.tenant.id, reason, ...detail };
    if (reason === 'provider_error' || reason === 'malformed_args' || reason === 'malformed_call') {
      this.options.logger.warn(log, 'model understanding failed; offline reading used');
    } else {
      this.options.logger.info(log, 'offline reading used');
    }
    this.options.audit.record(scope, 'model_fallback', { reason, ...detail });
    return offlineResult(offline, reason);
  }

  /** A refusal of the AI gate: counted (audit `model_fallback` with the refusal), read offline. */
  private refused(
    scope: Scope,
    offline: Understanding,
    refusal: AiRefusal,
    detail: string | undefined,
  ): EngineUnderstanding {
    return this.fallback(scope, offline, refusal, detail === undefined ? {} : { detail });
  }

  private blockInjection(scope: Scope, analysis: InjectionAnalysis): EngineUnderstanding {
    const findings = analysis.findings.map((f) => ({ category: f.category, rule: f.rule, view: f.view }));
    this.options.logger.warn(
      {
        correlationId: scope.correlationId,
        tenantId: scope.tenant.id,
        userId: scope.user.id,
        alert: 'prompt_injection',
        riskLevel: analysis.riskLevel,
        categories: analysis.categories,
        findings,
      },
      'prompt injection blocked; model not called',
    );
    this.options.audit.record(scope, 'injection_blocked', { categories: analysis.categories, findings });
    return blockedResult('injection');
  }

  private noteInjection(scope: Scope, analysis: InjectionAnalysis): void {
    const findings = analysis.findings.map((f) => ({ category: f.category, rule: f.rule, view: f.view }));
    const log = {
      correlationId: scope.correlationId,
      tenantId: scope.tenant.id,
      riskLevel: analysis.riskLevel,
      findings,
    };
    if (analysis.action === 'SANITIZE') {
      this.options.logger.warn(log, 'prompt injection risk: text sanitized before the model');
      this.options.audit.record(scope, 'injection_sanitized', { categories: analysis.categories, findings });
    } else {
      this.options.logger.info(log, 'prompt injection risk low: allowed');
    }
  }
}
