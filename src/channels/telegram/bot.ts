import { Bot, type Api, type Context } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Logger } from 'pino';
import type { Ingress } from '../../core/channel';
import type { InboundEnvelope } from '../../core/messages';
import { downloadAudio } from './audio-download';
import { mapUpdate, type CallbackAck, type UpdateDecision } from './map-update';
import type { TelegramOptions } from './options';
import type { AudioStore } from './ports';
import { describeError } from './secrets';

/** The only update kinds Iris reads; asking Telegram for these alone saves traffic and edits. */
export const ALLOWED_UPDATES = ['message', 'callback_query'] as const;

export interface TelegramBotDeps {
  options: TelegramOptions;
  ingress: Ingress;
  audioStore: AudioStore;
  logger: Logger;
  /** Known bot identity; skips `getMe` (tests, or a webhook process that must not wait). */
  botInfo?: UserFromGetMe;
}

/**
 * The grammY bot with Iris' one piece of middleware: map the update (`map-update.ts`), do the few
 * things that need the network (answer a button press, remove its keyboard, fetch a voice note),
 * and hand the envelope to ingress. Replies are the engine's business, so nothing here talks to
 * the user: no sentence is ever produced by the adapter.
 *
 * Errors: mapping never throws. What does throw — ingress or the audio store unreachable, a
 * download that may pass later — propagates out of `bot.handleUpdate`, so the poller retries the
 * update and a webhook answers 500 (Telegram delivers it again). Ingress dedupes on update id.
 */
export function buildTelegramBot(deps: TelegramBotDeps): Bot {
  const bot = new Bot(deps.options.token, {
    client: { apiRoot: deps.options.apiRoot },
    ...(deps.botInfo ? { botInfo: deps.botInfo } : {}),
  });
  bot.use((ctx) => handleUpdate(ctx, deps));
  return bot;
}

async function handleUpdate(ctx: Context, deps: TelegramBotDeps): Promise<void> {
  const log = deps.logger.child({ updateId: ctx.update.update_id });
  const decision = mapUpdate(ctx.update, {
    bot: { id: ctx.me.id, username: ctx.me.username },
    audio: deps.options.audio,
    now: new Date(),
  });
  if (decision.action !== 'fetch_audio' && decision.callback) {
    await acknowledgePress(ctx.api, decision.callback, deps.options.token, log);
  }
  if (decision.action === 'ignore') {
    log.debug({ reason: decision.reason }, 'telegram update ignored');
    return;
  }
  const envelope = await toEnvelope(ctx.api, decision, deps);
  const outcome = await deps.ingress.handle(envelope);
  log.info(
    {
      content: envelope.content.type,
      outcome: outcome.status,
      ...(outcome.status === 'queued' ? { correlationId: outcome.correlationId } : {}),
      ...(outcome.status === 'rejected' ? { reason: outcome.reason } : {}),
    },
    'telegram update handed to ingress',
  );
}

async function toEnvelope(
  api: Api,
  decision: Exclude<UpdateDecision, { action: 'ignore' }>,
  deps: TelegramBotDeps,
): Promise<InboundEnvelope> {
  if (decision.action === 'deliver') return decision.envelope;
  if (!deps.options.audio.enabled) {
    return { ...decision.envelope, content: { type: 'unsupported', what: 'audio_disabled' } };
  }
  const { audio } = decision;
  const download = await downloadAudio(api, audio, {
    token: deps.options.token,
    apiRoot: deps.options.apiRoot,
    maxBytes: deps.options.audio.maxBytes,
    timeoutMs: deps.options.audio.downloadTimeoutMs,
  });
  if (!download.ok)
    return { ...decision.envelope, content: { type: 'audio_rejected', reason: download.reason } };
  const audioKey = await deps.audioStore.put(download.bytes, audio.mimeType);
  return {
    ...decision.envelope,
    content: {
      type: 'audio',
      audioKey,
      mimeType: audio.mimeType,
      sizeBytes: download.bytes.length,
      ...(audio.durationSec !== undefined ? { durationSec: audio.durationSec } : {}),
    },
  };
}

/**
 * Answers the press at once (Telegram shows a spinner on the button until then) and removes the
 * keyboard so the same prompt cannot be pressed twice. Both are best effort: a failure here must
 * not lose the press, and on a redelivered update Telegram refuses a second answer anyway.
 */
async function acknowledgePress(api: Api, ack: CallbackAck, token: string, log: Logger): Promise<void> {
  try {
    await api.answerCallbackQuery(ack.queryId);
  } catch (err) {
    log.warn({ err: describeError(err, token) }, 'answerCallbackQuery failed');
  }
  if (!ack.removeKeyboard) return;
  try {
    const { chatId, messageId } = ack.removeKeyboard;
    await api.editMessageReplyMarkup(chatId, messageId, { reply_markup: { inline_keyboard: [] } });
  } catch (err) {
    log.warn({ err: describeError(err, token) }, 'removing the inline keyboard failed');
  }
}
