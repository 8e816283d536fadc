import type { Worker } from 'bullmq';
import type { ChannelSender } from '../../core/channel';
import type { Channel } from '../../core/messages';
import { startOutboundWorker } from '../../queues/outbound-worker';
import type { Container } from '../container';
import { SHARED_METRICS as M, sharedMetricsOf } from '../shared-metrics';

/** A channel's sender, consuming its outbound queue (in the process that owns the channel). */
export function startSender(
  c: Container,
  channel: Channel,
  account: string,
  sender: ChannelSender,
  limiter?: { max: number; duration: number },
): Worker {
  const metrics = sharedMetricsOf(c);
  const worker = startOutboundWorker({
    connection: c.connection,
    prefix: c.queuePrefix,
    redis: c.redis,
    keys: c.keys,
    channel,
    account,
    sender,
    logger: c.logger.child({ component: `sender-${channel}` }),
    ...(limiter ? { limiter } : {}),
  });
  worker.on('failed', () => metrics.inc(M.sendFailures, { channel }));
  c.onClose(() => worker.close());
  return worker;
}
