import { DefectError } from '../core/errors';
import type { Scope, ToolDefinition, UserRole } from './types';

/** Every role reads. */
const EVERYONE: readonly UserRole[] = ['owner', 'operator', 'viewer'];

/** What a write tool declares; the rest is the same for every write (see `defineWriteTool`). */
export interface WriteToolSpec<P, R> {
  name: string;
  description: string;
  parameters: ToolDefinition<P>['parameters'];
  input: ToolDefinition<P>['input'];
  allowedRoles: readonly UserRole[];
  featureFlag?: string;
  /** Calls per user per minute. Default 30. */
  rateLimitPerMinute?: number;
  /** Default v1. */
  version?: string;
  /** The tool that undoes this write in a multi-step action (seed 003 §2.4), and its input. */
  compensatingAction?: string;
  compensationInput?(result: Record<string, unknown>): Record<string, unknown>;
  /** Runs with the confirmation's nonce, which the write makes unique in the rows it inserts. */
  execute(params: P, ctx: Scope & { nonce: string }): Promise<R>;
}

/**
 * A tool that writes: Transactional, always confirmed, and run only with the confirmation's
 * nonce (a call without one is a defect: Gate 5 never lets a write through unconfirmed, so
 * this guard is the last line, in one place for every pack).
 */
export function defineWriteTool<P, R extends Record<string, unknown>>(
  spec: WriteToolSpec<P, R>,
): ToolDefinition<P, R> {
  const { execute, ...declared } = spec;
  return {
    ...declared,
    category: 'Transactional',
    requiresConfirmation: true,
    version: spec.version ?? 'v1',
    rateLimitPerMinute: spec.rateLimitPerMinute ?? 30,
    async execute(params, ctx) {
      const { nonce } = ctx;
      if (!nonce) throw new DefectError(`${spec.name} runs only with a confirmation nonce`);
      return execute(params, { ...ctx, nonce });
    },
  };
}

/** What a read tool declares; the rest is the same for every read (see `defineReadTool`). */
export interface ReadToolSpec<P, R> {
  name: string;
  description: string;
  parameters: ToolDefinition<P>['parameters'];
  input: ToolDefinition<P>['input'];
  /** Default: every role. */
  allowedRoles?: readonly UserRole[];
  featureFlag?: string;
  rateLimitPerMinute?: number;
  /** Default v1. */
  version?: string;
  execute(params: P, ctx: Scope): Promise<R>;
}

/** A tool that only reads: a Query, run at once (no proposal, no confirmation, no nonce). */
export function defineReadTool<P, R extends Record<string, unknown>>(
  spec: ReadToolSpec<P, R>,
): ToolDefinition<P, R> {
  return {
    ...spec,
    category: 'Query',
    requiresConfirmation: false,
    allowedRoles: spec.allowedRoles ?? EVERYONE,
    version: spec.version ?? 'v1',
  };
}
