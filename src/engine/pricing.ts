/**
 * Prices and plan limits for cost attribution (docs/gemini.md).
 *
 * Prices: USD per 1 million tokens, paid tier of the Gemini Developer API, text input, as Google
 * lists them at ai.google.dev/gemini-api/docs/pricing (checked for this release; update here when
 * Google changes them). Output includes thinking tokens, which Gemini bills as output. A model not
 * in the table is priced as the most expensive one listed: an unknown model must not make a
 * tenant's spending look smaller than it is.
 */
export interface ModelPrice {
  inputPerMillionUsd: number;
  outputPerMillionUsd: number;
}

export const MODEL_PRICES: Readonly<Record<string, ModelPrice>> = {
  'gemini-2.5-pro': { inputPerMillionUsd: 1.25, outputPerMillionUsd: 10 },
  'gemini-2.5-flash': { inputPerMillionUsd: 0.3, outputPerMillionUsd: 2.5 },
  'gemini-2.5-flash-lite': { inputPerMillionUsd: 0.1, outputPerMillionUsd: 0.4 },
  'gemini-2.0-flash': { inputPerMillionUsd: 0.1, outputPerMillionUsd: 0.4 },
  'gemini-2.0-flash-lite': { inputPerMillionUsd: 0.075, outputPerMillionUsd: 0.3 },
  /** Embeddings bill their input only. */
  'gemini-embedding-001': { inputPerMillionUsd: 0.15, outputPerMillionUsd: 0 },
};

const MOST_EXPENSIVE: ModelPrice = Object.values(MODEL_PRICES).reduce((a, b) =>
  b.inputPerMillionUsd + b.outputPerMillionUsd > a.inputPerMillionUsd + a.outputPerMillionUsd ? b : a,
);

/** The price of `model`; versioned names ("gemini-2.5-flash-001", "models/...") match their family. */
export function priceOf(model: string): ModelPrice {
  const name = model.replace(/^models\//, '');
  const family = Object.keys(MODEL_PRICES)
    .filter((known) => name === known || name.startsWith(`${known}-`))
    .sort((a, b) => b.length - a.length)[0];
  return family ? MODEL_PRICES[family]! : MOST_EXPENSIVE;
}

/** Estimated cost of one call, in USD. */
export function costUsd(model: string, inputTokens: number, outputTokens: number): number {
  const price = priceOf(model);
  return (inputTokens * price.inputPerMillionUsd + outputTokens * price.outputPerMillionUsd) / 1_000_000;
}

/** Monthly limits per plan (docs/gemini.md). An unknown plan gets Basic's, the smallest with AI. */
export interface PlanLimits {
  /** Whether the plan pays for model calls at all (the AI gate's third check). */
  includesAi: boolean;
  monthlyUsd: number;
  monthlyRequests: number;
}

export const PLAN_LIMITS: Readonly<Record<string, PlanLimits>> = {
  /** Offline understanding only: every feature of the product, no model. */
  free: { includesAi: false, monthlyUsd: 0, monthlyRequests: 0 },
  basic: { includesAi: true, monthlyUsd: 10, monthlyRequests: 5_000 },
  professional: { includesAi: true, monthlyUsd: 50, monthlyRequests: 25_000 },
  enterprise: { includesAi: true, monthlyUsd: 200, monthlyRequests: 100_000 },
};

export function planLimits(plan: string): PlanLimits {
  return PLAN_LIMITS[plan.trim().toLowerCase()] ?? PLAN_LIMITS.basic!;
}

/** Soft limit: at this share of a limit the tenant's admins are warned, once a month. */
export const SOFT_LIMIT_RATIO = 0.8;
