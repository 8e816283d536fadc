import { InputFile, type Api } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { RedisClient } from '../../core/redis-client';
import type { Logger } from 'pino';
import type { ChannelSender } from '../../core/channel';
import { InvalidInputError } from '../../core/errors';
import type { OutboundMessage } from '../../core/messages';
import { toChannelError } from './api-errors';
import { encodeConfirmation } from './callback-data';
import type { TelegramOptions } from './options';
import type { ChatPacer } from './pacer';
import { splitText } from './split-text';

export interface TelegramSenderDeps {
  api: Api;
  redis: RedisClient;
  pacer: ChatPacer;
  options: Pick<TelegramOptions, 'token' | 'sentMarkTtlSec'>;
  /** e.g. `iris:telegram:<tokenId>:sent` */
  sentKeyPrefix: string;
  /** e.g. `iris:telegram:<tokenId>:prompt`: per chat, the message that shows confirmation buttons. */
  promptKeyPrefix: string;
  logger: Logger;
}

/**
 * Sends the engine's replies to Telegram; the outbound worker calls `send` once per queued reply
 * and steers retries by the error it gets (see `api-errors.ts`).
 *
 * - Buttons: a confirmation prompt gets one row of two inline buttons whose data carries the
 *   nonce and the answer. Labels come from the engine (the locale catalog), never from here.
 * - Idempotence: a reply id is marked in Redis once Telegram accepted it, and a retried job finds
 *   the mark and sends nothing. (A crash between Telegram's answer and the mark can still repeat
 *   one message: at-least-once.)
 * - Files: a reply's `document` (a boleto's PDF) is sent as a Telegram document after its text.
 * - Pacing: at most one message a second per chat, across processes (`pacer.ts`).
 * - Stale buttons: the message id of a chat's last prompt with buttons is kept in Redis; a reply
 *   that says the prompt is closed (`closesPrompt`: answered by typing, replaced, lapsed) takes
 *   the buttons off that message first. (Pressing a button takes them off at once: `bot.ts`.)
 */
export class TelegramSender implements ChannelSender {
  constructor(private readonly deps: TelegramSenderDeps) {}

  async send(message: OutboundMessage): Promise<void> {
    if (message.channel !== 'telegram') {
      throw new InvalidInputError(`telegram sender got a ${message.channel} message`);
    }
    const chatId = toChatId(message.chatId);
    if (message.kind === 'typing') {
      await this.call(() => this.deps.api.sendChatAction(chatId, 'typing'));
      return;
    }
    if (message.closesPrompt) await this.removeStaleButtons(message.chatId);
    const keyboard = this.keyboardFor(message);
    const pieces = splitText(message.text);
    for (const [index, piece] of pieces.entries()) {
      const sentKey = `${this.deps.sentKeyPrefix}:${message.id}${pieces.length > 1 ? `#${index}` : ''}`;
      if ((await this.deps.redis.exists(sentKey)) === 1) continue;
      await this.deps.pacer.waitTurn(message.chatId);
      const isLast = index === pieces.length - 1;
      const replyTo = index === 0 ? toMessageId(message.replyTo) : undefined;
      const sent = await this.call(() =>
        this.deps.api.sendMessage(chatId, piece, {
          ...(isLast && keyboard ? { reply_markup: keyboard } : {}),
          ...(replyTo
            ? { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } }
            : {}),
        }),
      );
      await this.deps.redis.set(sentKey, '1', 'EX', this.deps.options.sentMarkTtlSec);
      if (isLast && keyboard) {
        const promptKey = `${this.deps.promptKeyPrefix}:${message.chatId}`;
        await this.deps.redis.set(promptKey, String(sent.message_id), 'EX', this.deps.options.sentMarkTtlSec);
      }
    }
    if (message.document) await this.sendDocument(chatId, message);
  }

  /** The file goes right after the text that presents it, marked sent on its own like a piece. */
  private async sendDocument(chatId: number | string, message: OutboundMessage): Promise<void> {
    const document = message.document!;
    const sentKey = `${this.deps.sentKeyPrefix}:${message.id}#document`;
    if ((await this.deps.redis.exists(sentKey)) === 1) return;
    await this.deps.pacer.waitTurn(message.chatId);
    await this.call(() =>
      this.deps.api.sendDocument(
        chatId,
        new InputFile(Buffer.from(document.base64, 'base64'), document.fileName),
      ),
    );
    await this.deps.redis.set(sentKey, '1', 'EX', this.deps.options.sentMarkTtlSec);
  }

  /** Best effort: a prompt already without buttons, or deleted, is no reason to hold the reply. */
  private async removeStaleButtons(chat: string): Promise<void> {
    const promptKey = `${this.deps.promptKeyPrefix}:${chat}`;
    const messageId = await this.deps.redis.get(promptKey);
    if (messageId === null) return;
    try {
      await this.deps.api.editMessageReplyMarkup(toChatId(chat), Number(messageId), {
        reply_markup: { inline_keyboard: [] },
      });
    } catch (err) {
      this.deps.logger.debug(
        { err: toChannelError(err, this.deps.options.token).message },
        'stale buttons not removed',
      );
    }
    await this.deps.redis.del(promptKey);
  }

  private keyboardFor(message: OutboundMessage): InlineKeyboardMarkup | undefined {
    if (!message.buttons) return undefined;
    const { nonce, yesLabel, noLabel } = message.buttons;
    const yes = encodeConfirmation(nonce, 'yes');
    const no = encodeConfirmation(nonce, 'no');
    if (!yes || !no) {
      // The prompt still goes out: the person can answer by typing, which the engine accepts.
      this.deps.logger.error(
        { correlationId: message.correlationId, nonceLength: nonce.length },
        'confirmation nonce does not fit in 64 bytes of callback data; sending the prompt without buttons',
      );
      return undefined;
    }
    return {
      inline_keyboard: [
        [
          { text: yesLabel, callback_data: yes },
          { text: noLabel, callback_data: no },
        ],
      ],
    };
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (err) {
      throw toChannelError(err, this.deps.options.token);
    }
  }
}

/** Numeric chat ids go out as numbers; anything else (an `@channel` name) as given. */
function toChatId(chatId: string): number | string {
  return /^-?\d+$/.test(chatId) ? Number(chatId) : chatId;
}

function toMessageId(value: string | undefined): number | undefined {
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}
