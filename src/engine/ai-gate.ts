import type { TenantProfile, UserProfile } from '../domains/types';
import type { ModelCallLimiter, PlatformAiSwitch } from '../pipeline/ports';
import { planLimits } from './pricing';
import type { UsageGuard } from './usage-guard';

/**
 * The AI gate: the checks every model call passes first, in this order (seed 003 §10.1). The
 * first that fails names the refusal, and the message is read offline instead — the product
 * keeps working without the model, so a refusal never reaches the person as an error.
 *
 * | order | check                              | refusal                   |
 * |-------|------------------------------------|---------------------------|
 * | 1     | the platform's switch is on        | `ai_unavailable`          |
 * | 2     | the tenant has AI enabled          | `ai_disabled_for_tenant`  |
 * | 3     | the tenant's plan includes AI      | `ai_not_in_plan`          |
 * | 4     | the month's hard cost limit        | `ai_cost_limit_reached`   |
 * | 5     | calls per minute, tenant and user  | `ai_rate_limit_exceeded`  |
 *
 * The seed gives each an HTTP status (503 / 403 / 403 / 429 / 429, `AI_REFUSAL_HTTP_STATUS`):
 * the operator API's `GET /platform/ai/gate?tenant=…` answers with it (`preview`); chat messages
 * go through the queue and never meet one.
 *
 * Checks 1-3 say whether the tenant may use a model at all (`admits`, before anything else is
 * done for the model, such as the injection detector); 4-5 are spent only on a call about to be
 * made (`allowsCall`), so a message read offline with confidence costs no rate-limit token.
 * A check that cannot be read fails closed (`ai_unavailable`): offline understanding is always
 * there, an unmetered model call is not.
 */
export type AiRefusal =
  | 'ai_unavailable'
  | 'ai_disabled_for_tenant'
  | 'ai_not_in_plan'
  | 'ai_cost_limit_reached'
  | 'ai_rate_limit_exceeded';

/** The seed's HTTP status for each refusal (§10.1), for endpoints that answer with one. */
export const AI_REFUSAL_HTTP_STATUS: Readonly<Record<AiRefusal, number>> = {
  ai_unavailable: 503,
  ai_disabled_for_tenant: 403,
  ai_not_in_plan: 403,
  ai_cost_limit_reached: 429,
  ai_rate_limit_exceeded: 429,
};

export type GateVerdict = { allowed: true } | { allowed: false; refusal: AiRefusal; detail?: string };

const ALLOWED: GateVerdict = { allowed: true };

export interface AiGateDeps {
  platform: PlatformAiSwitch;
  usage: UsageGuard;
  /** Without one, check 5 always passes (a single-tenant deployment may not want it). */
  limiter?: ModelCallLimiter;
  /** Told of every refusal (the app counts them: `iris_ai_gate_refusals_total`). */
  onRefusal?: (refusal: AiRefusal) => void;
}

export class AiGate {
  constructor(private readonly deps: AiGateDeps) {}

  /** Checks 1-3: may this tenant use a model at all? */
  async admits(tenant: TenantProfile): Promise<GateVerdict> {
    return this.told(await this.firstThree(tenant));
  }

  /** Checks 4-5, for a call about to be made (check 5 counts it). */
  async allowsCall(tenant: TenantProfile, user: UserProfile, now: Date): Promise<GateVerdict> {
    return this.told(await this.lastTwo(tenant, user, now));
  }

  /**
   * Checks 1-4 without making a call: what an operator asks ("may this tenant use AI now?").
   * Spends no rate-limit token and counts no refusal; check 5 depends on the moment of a call.
   */
  async preview(tenant: TenantProfile, now: Date): Promise<GateVerdict> {
    const admitted = await this.firstThree(tenant);
    return admitted.allowed ? this.costCheck(tenant, now) : admitted;
  }

  private told(verdict: GateVerdict): GateVerdict {
    if (!verdict.allowed) this.deps.onRefusal?.(verdict.refusal);
    return verdict;
  }

  private async firstThree(tenant: TenantProfile): Promise<GateVerdict> {
    let on: boolean;
    try {
      on = await this.deps.platform.isOn();
    } catch {
      return { allowed: false, refusal: 'ai_unavailable', detail: 'switch_unreadable' };
    }
    if (!on) return { allowed: false, refusal: 'ai_unavailable', detail: 'platform_off' };
    if (!tenant.ai.enabled) return { allowed: false, refusal: 'ai_disabled_for_tenant' };
    if (!planLimits(tenant.ai.plan).includesAi) return { allowed: false, refusal: 'ai_not_in_plan' };
    return ALLOWED;
  }

  private async costCheck(tenant: TenantProfile, now: Date): Promise<GateVerdict> {
    const allowance = await this.deps.usage.allowance(tenant, now);
    if (allowance.allowed) return ALLOWED;
    return allowance.reason === 'usage_unreadable'
      ? { allowed: false, refusal: 'ai_unavailable', detail: allowance.reason }
      : { allowed: false, refusal: 'ai_cost_limit_reached', detail: allowance.reason };
  }

  private async lastTwo(tenant: TenantProfile, user: UserProfile, now: Date): Promise<GateVerdict> {
    const cost = await this.costCheck(tenant, now);
    if (!cost.allowed || !this.deps.limiter) return cost;
    let fits: boolean;
    try {
      fits = await this.deps.limiter.take(tenant.id, user.id, now);
    } catch {
      return { allowed: false, refusal: 'ai_unavailable', detail: 'rate_unreadable' };
    }
    return fits ? ALLOWED : { allowed: false, refusal: 'ai_rate_limit_exceeded' };
  }
}

/** A switch that is always on: the engine's default when the app wires none (tests, scripts). */
export const ALWAYS_ON: PlatformAiSwitch = { isOn: async () => true };
