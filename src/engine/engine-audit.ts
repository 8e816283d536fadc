import type { AuditSink } from '../pipeline/ports';
import type { Scope } from '../domains/types';
import type { EngineLogger } from './engine-logger';

/**
 * Audit rows of the understanding engine, next to the pipeline's gate events (docs/specification.md#tools step 7,
 * docs/gemini.md#logs-and-audit): what the guards did to a model reading. Written straight to the audit sink because the
 * engine sees no turn; like every audit write, a failure is logged and never blocks the reply.
 *
 * | event                     | when                                                         |
 * |---------------------------|--------------------------------------------------------------|
 * | `injection_blocked`       | HIGH risk: the model was not called                          |
 * | `injection_sanitized`     | MEDIUM risk: the text was cut before the model saw it        |
 * | `model_call_blocked`      | the model called a tool it was not offered, or passed        |
 * |                           | another tenant's id or someone else's personal data          |
 * | `model_value_dropped`     | grounding dropped values the person did not say              |
 * | `model_fallback`          | the model was skipped or failed; the offline reading is used |
 */
export type EngineAuditEvent =
  | 'injection_blocked'
  | 'injection_sanitized'
  | 'model_call_blocked'
  | 'model_value_dropped'
  | 'model_fallback';

export class EngineAudit {
  constructor(
    private readonly sink: AuditSink | undefined,
    private readonly logger: EngineLogger,
  ) {}

  record(scope: Scope, event: EngineAuditEvent, data: Record<string, unknown>, intent?: string): void {
    if (!this.sink) return;
    const entry = {
      event,
      tenantId: scope.tenant.id,
      conversationId: scope.conversationId,
      correlationId: scope.correlationId,
      at: scope.now,
      data,
      ...(intent ? { intent } : {}),
    };
    this.sink.write([entry]).catch((error: unknown) => {
      this.logger.warn(
        { correlationId: scope.correlationId, event, err: error },
        'engine audit write failed',
      );
    });
  }
}
