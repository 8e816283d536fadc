import { STOP, type Stop } from '../request';
import type { Turn } from '../turn';

/**
 * A message sent long before it reached Iris (a backlog a channel delivers after downtime) is
 * not acted on: the person wrote it in another moment, and may have moved on or written again
 * elsewhere. The conversation gets one notice asking to send it again; the other late messages
 * of the same backlog are recorded and get no reply of their own (docs/specification.md#late-messages).
 * A late "sim" never confirms anything either way.
 */
export function lateMessage(t: Turn): 'on_time' | Stop {
  const now = t.input.now.getTime();
  const lateBySec = Math.round((now - t.input.sentAt.getTime()) / 1000);
  if (lateBySec <= t.limits.lateMessageSec) return 'on_time';
  const noticedAt = t.state.lateNoticeAt ? Date.parse(t.state.lateNoticeAt) : undefined;
  const alreadyTold = noticedAt !== undefined && now - noticedAt < t.limits.lateMessageSec * 1000;
  t.record('late_message', { lateBySec, notice: !alreadyTold });
  if (!alreadyTold) {
    t.lateNoticeAt = t.input.now.toISOString();
    t.reply(t.say('late_message'));
  }
  return STOP;
}
