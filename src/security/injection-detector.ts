import { findBase64Blobs } from './encoded-payloads';
import { cutRanges, foldWithOffsets, originalRange } from './folded-text';
import {
  INJECTION_CATEGORIES,
  INJECTION_PATTERNS,
  RISK_LEVELS,
  type InjectionCategory,
  type InjectionPattern,
  type RiskLevel,
} from './injection-patterns';
import {
  countInvisible,
  countMixedScriptWords,
  normalizedView,
  plainView,
  stripInvisible,
  unmixScripts,
} from './normalize';

/**
 * Prompt injection detection (docs/gemini.md): regular expressions and heuristics over the
 * person's text, before it reaches any prompt. Deterministic, no I/O, well under a millisecond
 * for a chat message.
 *
 *   risk NONE / LOW -> ALLOW     (LOW is logged)
 *   risk MEDIUM     -> SANITIZE  (delimiters and role/permission phrases are cut, the rest goes on)
 *   risk HIGH       -> BLOCK     (the model is not called; the person gets the fallback; alert)
 *
 * How the risk is reached:
 * - each pattern that matches contributes its own risk (see `injection-patterns.ts`);
 * - a phrase found only after normalizing (zero-width characters, look-alike letters, leetspeak,
 *   spaced letters, %/&# escapes), only when read backwards (reversed text, or written for a
 *   right-to-left override to display) or inside a base64 blob was hidden on purpose: HIGH;
 * - two different categories at MEDIUM or more ("### SYSTEM: you are now admin") make HIGH;
 * - invisible characters, mixed-script words or an unreadable-purpose base64 blob alone: LOW;
 * - a text over `maxChars` (2000, docs/gemini.md "excessive length") is at least MEDIUM and is cut.
 */

export type InjectionAction = 'ALLOW' | 'SANITIZE' | 'BLOCK';

export interface InjectionFinding {
  category: InjectionCategory | 'length';
  /** The pattern or heuristic that fired. */
  rule: string;
  risk: Exclude<RiskLevel, 'NONE'>;
  /**
   * Where it was seen: the text as typed, only after normalizing, only read backwards (reversed
   * text, or a right-to-left override that shows it the right way round), or in a base64 blob.
   */
  view: 'plain' | 'normalized' | 'reversed' | 'decoded';
  /** At most 60 characters of what matched, for the audit trail. */
  excerpt: string;
}

export interface InjectionAnalysis {
  riskLevel: RiskLevel;
  action: InjectionAction;
  /** Distinct categories found, in the specification's order. */
  categories: readonly InjectionCategory[];
  findings: readonly InjectionFinding[];
  /**
   * The text to put in a prompt when `action` is not BLOCK: invisible characters removed,
   * look-alike letters of mixed-script words replaced, and, for SANITIZE, the flagged spans cut
   * and the length capped. Empty when BLOCK.
   */
  sanitized: string;
  truncated: boolean;
}

export interface InjectionDetectorOptions {
  /** Longer texts are cut to this many characters. Default 2000 (docs/gemini.md). */
  maxChars?: number;
}

export const INJECTION_MAX_CHARS = 2000;

const ACTION: Record<RiskLevel, InjectionAction> = {
  NONE: 'ALLOW',
  LOW: 'ALLOW',
  MEDIUM: 'SANITIZE',
  HIGH: 'BLOCK',
};

/** Categories whose spans the sanitizer cuts (the others are HIGH, so never sanitized). */
const CUT: ReadonlySet<InjectionCategory> = new Set(['delimiter', 'role_override', 'context_manipulation']);

const rank = (risk: RiskLevel) => RISK_LEVELS.indexOf(risk);
const excerpt = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);

function matches(pattern: InjectionPattern, text: string): RegExpMatchArray[] {
  return [...text.matchAll(pattern.regex)];
}

function evasionFindings(text: string, blobsWithoutHits: number): InjectionFinding[] {
  const found: InjectionFinding[] = [];
  const invisible = countInvisible(text);
  if (invisible > 0) {
    found.push({
      category: 'encoding',
      rule: 'invisible_characters',
      risk: 'LOW',
      view: 'plain',
      excerpt: `${invisible}`,
    });
  }
  const mixed = countMixedScriptWords(text);
  if (mixed > 0) {
    found.push({
      category: 'encoding',
      rule: 'mixed_script_words',
      risk: 'LOW',
      view: 'plain',
      excerpt: `${mixed}`,
    });
  }
  if (blobsWithoutHits > 0) {
    found.push({
      category: 'encoding',
      rule: 'base64_blob',
      risk: 'LOW',
      view: 'decoded',
      excerpt: `${blobsWithoutHits}`,
    });
  }
  return found;
}

function patternFindings(text: string): { findings: InjectionFinding[]; blobsWithoutHits: number } {
  const plain = plainView(text);
  const normalized = normalizedView(text);
  const reversed = [...normalized].reverse().join('');
  const blobs = findBase64Blobs(stripInvisible(text)).map((blob) => normalizedView(blob.text));
  const findings: InjectionFinding[] = [];
  const blobHit = blobs.map(() => false);
  for (const pattern of INJECTION_PATTERNS) {
    const inPlain = matches(pattern, plain);
    if (inPlain.length > 0) {
      const risk = pattern.risk;
      findings.push({
        category: pattern.category,
        rule: pattern.id,
        risk,
        view: 'plain',
        excerpt: excerpt(inPlain[0]![0]),
      });
      continue;
    }
    const hidden = normalized === plain ? [] : matches(pattern, normalized);
    if (hidden.length > 0) {
      findings.push(...hiddenPhrase(pattern, 'normalized', 'hidden', hidden[0]![0]));
      continue;
    }
    const backwards = matches(pattern, reversed);
    if (backwards.length > 0) {
      findings.push(...hiddenPhrase(pattern, 'reversed', 'reversed', backwards[0]![0]));
      continue;
    }
    blobs.forEach((decoded, i) => {
      const inBlob = matches(pattern, decoded);
      if (inBlob.length === 0) return;
      blobHit[i] = true;
      findings.push(...hiddenPhrase(pattern, 'decoded', 'base64', inBlob[0]![0]));
    });
  }
  return { findings, blobsWithoutHits: blobHit.filter((hit) => !hit).length };
}

/** A phrase that shows only once undone (normalized, reversed, decoded): its own finding, HIGH, and an encoding one. */
function hiddenPhrase(
  pattern: InjectionPattern,
  view: InjectionFinding['view'],
  how: string,
  matched: string,
): InjectionFinding[] {
  const shown = excerpt(matched);
  return [
    { category: pattern.category, rule: pattern.id, risk: 'HIGH', view, excerpt: shown },
    { category: 'encoding', rule: `${how}:${pattern.id}`, risk: 'HIGH', view, excerpt: shown },
  ];
}

function overallRisk(findings: readonly InjectionFinding[]): RiskLevel {
  let risk: RiskLevel = 'NONE';
  for (const finding of findings) if (rank(finding.risk) > rank(risk)) risk = finding.risk;
  const strong = new Set(
    findings.filter((f) => f.category !== 'length' && rank(f.risk) >= rank('MEDIUM')).map((f) => f.category),
  );
  return strong.size >= 2 ? 'HIGH' : risk;
}

/** The spans of the cut categories, removed from the person's own text. */
function cutFlaggedSpans(text: string): string {
  const map = foldWithOffsets(text);
  const ranges: Array<[number, number]> = [];
  for (const pattern of INJECTION_PATTERNS) {
    if (!CUT.has(pattern.category)) continue;
    for (const match of matches(pattern, map.folded)) {
      const from = match.index ?? 0;
      ranges.push(originalRange(text, map, from, from + match[0].length));
    }
  }
  return cutRanges(text, ranges);
}

function capLength(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > maxChars * 0.8 ? cut.slice(0, lastSpace) : cut).trimEnd();
}

/** How many recent analyses are kept, and the longest text kept (a passage is shorter). */
const RECENT_KEPT = 1_000;
const RECENT_MAX_CHARS = 4_000;
const recent = new Map<string, InjectionAnalysis>();

/**
 * The analysis of `text`. The same texts come back turn after turn — a conversation's recent
 * messages and the tenant's passages go into every prompt, 70-160 µs each to analyse — so the
 * last thousand analyses are kept (the analysis depends on the text alone). Frozen: callers
 * share them.
 */
export function analyzeInjection(text: string, options: InjectionDetectorOptions = {}): InjectionAnalysis {
  const maxChars = options.maxChars ?? INJECTION_MAX_CHARS;
  if (text.length > RECENT_MAX_CHARS) return analyze(text, maxChars);
  const key = `${maxChars}:${text}`;
  const kept = recent.get(key);
  if (kept) {
    recent.delete(key); // the most recently used last: the oldest goes first
    recent.set(key, kept);
    return kept;
  }
  const analysis = analyze(text, maxChars);
  recent.set(key, analysis);
  if (recent.size > RECENT_KEPT) recent.delete(recent.keys().next().value!);
  return analysis;
}

function analyze(text: string, maxChars: number): InjectionAnalysis {
  const { findings, blobsWithoutHits } = patternFindings(text);
  findings.push(...evasionFindings(text, blobsWithoutHits));
  const visible = unmixScripts(stripInvisible(text)).normalize('NFC').trim();
  const tooLong = visible.length > maxChars;
  if (tooLong) {
    findings.push({
      category: 'length',
      rule: 'too_long',
      risk: 'MEDIUM',
      view: 'plain',
      excerpt: `${visible.length}`,
    });
  }
  const riskLevel = overallRisk(findings);
  const action = ACTION[riskLevel];
  const found = new Set(findings.map((f) => f.category));
  const categories = INJECTION_CATEGORIES.filter((c) => found.has(c));
  let sanitized = '';
  if (action !== 'BLOCK') {
    const base = action === 'SANITIZE' ? cutFlaggedSpans(visible) : visible;
    sanitized = capLength(base, maxChars);
  }
  return Object.freeze({
    riskLevel,
    action,
    categories: Object.freeze(categories),
    findings: Object.freeze(findings.map((finding) => Object.freeze(finding))),
    sanitized,
    truncated: tooLong,
  });
}
