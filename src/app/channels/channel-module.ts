import type { FastifyInstance } from 'fastify';
import type { Env as Config } from '../../../config';
import type { Container } from '../container';

/**
 * What the processes need to know of a channel. A channel is its folder in `src/channels/`
 * (adapter, sender, options) plus a module here; the channel ids, the typing indicator, the
 * queues `/metrics` and the dashboard watch, the processes and `npm start` all read this list.
 */
export interface ChannelModule {
  /** The channel's id in messages, queue names and keys (`outbound-<id>`). */
  readonly id: string;
  /** Shows "typing…" while a turn runs. */
  readonly typing: boolean;
  /** Runs as its own process: `workers/channel <id>`, a line of the Procfile. */
  readonly ownProcess: boolean;
  /** Its outbound queue is consumed by a server process: `/metrics` and the dashboard watch it. */
  readonly served: boolean;
  /** Whether configuration asks for it; `npm start` runs the configured ones in-process. */
  configured(config: Config): boolean;
  /** Its own process: receiving and sending. */
  runProcess?(c: Container): Promise<void>;
  /** In the web process: the HTTP routes it receives on (webhooks), when configured for them. */
  mountRoutes?(c: Container, web: FastifyInstance): Promise<void>;
  /** `npm start`: receiving, sending and routes in the one process. */
  runAllInOne?(c: Container, web: FastifyInstance): Promise<void>;
}
