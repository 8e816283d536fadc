import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Update } from 'grammy/types';
import { inboundEnvelopeSchema } from '../../src/core/messages';
import { mapUpdate, type MapContext, type UpdateDecision } from '../../src/channels/telegram/map-update';

const fixture = (name: string): Update =>
  JSON.parse(readFileSync(join(__dirname, '../fixtures/telegram', `${name}.json`), 'utf8')) as Update;

const now = new Date('2024-11-22T03:21:00.000Z');
const ctx: MapContext = {
  bot: { id: 7000000001, username: 'IrisTestBot' },
  audio: { maxBytes: 10 * 1024 * 1024, maxDurationSec: 180 },
  now,
};

/** Asserts a `deliver` decision whose envelope passes the core schema, and returns it. */
function delivered(decision: UpdateDecision) {
  if (decision.action !== 'deliver') throw new Error(`expected deliver, got ${JSON.stringify(decision)}`);
  expect(inboundEnvelopeSchema.safeParse(decision.envelope).success).toBe(true);
  return decision;
}

describe('mapUpdate (recorded Telegram updates -> envelopes)', () => {
  it('maps a private text message with the identity rules of the issue', () => {
    const { envelope } = delivered(mapUpdate(fixture('text'), ctx));
    expect(envelope).toEqual({
      channel: 'telegram',
      account: 'IrisTestBot',
      platformMessageId: '900000001',
      externalUserId: '123456789',
      chatId: '123456789',
      sentAt: '2024-11-22T03:20:00.000Z',
      displayName: 'Ana Souza',
      content: { type: 'text', text: 'pagar boleto de 150 reais amanha' },
    });
  });

  it('asks to fetch a voice note within the caps', () => {
    const decision = mapUpdate(fixture('voice'), ctx);
    expect(decision).toMatchObject({
      action: 'fetch_audio',
      envelope: { platformMessageId: '900000002', externalUserId: '123456789' },
      audio: { fileId: 'AwACAgEAAxkBAAIBK2dAvoice', mimeType: 'audio/ogg', sizeBytes: 12345, durationSec: 4 },
    });
  });

  it('asks to fetch an audio file with its own MIME type', () => {
    expect(mapUpdate(fixture('audio'), ctx)).toMatchObject({
      action: 'fetch_audio',
      audio: { fileId: 'CQACAgEAAxkBAAIBLaudio', mimeType: 'audio/mpeg', durationSec: 12 },
    });
  });

  it('rejects a voice note over the duration cap without downloading it', () => {
    const { envelope } = delivered(mapUpdate(fixture('voice-too-long'), ctx));
    expect(envelope.content).toEqual({ type: 'audio_rejected', reason: 'too_long' });
  });

  it('rejects a voice note over the size cap without downloading it', () => {
    const small = { ...ctx, audio: { maxBytes: 2048, maxDurationSec: 180 } };
    const { envelope } = delivered(mapUpdate(fixture('voice'), small));
    expect(envelope.content).toEqual({ type: 'audio_rejected', reason: 'too_large' });
  });

  it.each([
    ['photo', 'photo'],
    ['sticker', 'sticker'],
    ['document', 'document'],
  ])('maps a %s to unsupported', (name, what) => {
    const { envelope } = delivered(mapUpdate(fixture(name), ctx));
    expect(envelope.content).toEqual({ type: 'unsupported', what });
  });

  it('maps a button press to a confirmation, acknowledged and with its keyboard removed', () => {
    const decision = delivered(mapUpdate(fixture('callback-query'), ctx));
    expect(decision.envelope).toEqual({
      channel: 'telegram',
      account: 'IrisTestBot',
      platformMessageId: '900000008',
      externalUserId: '123456789',
      chatId: '123456789',
      sentAt: now.toISOString(),
      displayName: 'Ana Souza',
      content: { type: 'confirmation', nonce: '8f14e45fceea167a5a36dedd4bea2543', answer: 'yes' },
    });
    expect(decision.callback).toEqual({
      queryId: '4382bfdwdsb323b2d9',
      removeKeyboard: { chatId: 123456789, messageId: 50 },
    });
  });

  it('passes a group press by someone else faithfully, but leaves the buttons for the requester', () => {
    const decision = delivered(mapUpdate(fixture('group-callback-by-other'), ctx));
    expect(decision.envelope.externalUserId).toBe('987654321');
    expect(decision.envelope.chatId).toBe('-1001234567890');
    expect(decision.callback).toEqual({ queryId: '4382bfdwdsb323b2e0' });
  });

  it('answers a press with unknown data but delivers nothing', () => {
    const update = fixture('callback-query');
    update.callback_query!.data = 'something-else';
    expect(mapUpdate(update, ctx)).toEqual({
      action: 'ignore',
      reason: 'unknown_callback',
      callback: { queryId: '4382bfdwdsb323b2d9' },
    });
  });

  it('takes a group message that mentions the bot, without the mention, replying to it', () => {
    const { envelope } = delivered(mapUpdate(fixture('group-mention'), ctx));
    expect(envelope).toMatchObject({
      chatId: '-1001234567890',
      externalUserId: '123456789',
      replyTo: '61',
      content: { type: 'text', text: 'quais boletos vencem hoje?' },
    });
  });

  it('ignores a group message that does not address the bot', () => {
    expect(mapUpdate(fixture('group-no-mention'), ctx)).toEqual({
      action: 'ignore',
      reason: 'group_not_addressed',
    });
    expect(mapUpdate(fixture('group-mention-other-bot'), ctx)).toEqual({
      action: 'ignore',
      reason: 'group_not_addressed',
    });
  });

  it('takes a group reply to one of the bot messages', () => {
    const { envelope } = delivered(mapUpdate(fixture('group-reply-to-bot'), ctx));
    expect(envelope.content).toEqual({ type: 'text', text: 'sim' });
    expect(envelope.replyTo).toBe('64');
  });

  it('takes a /command@bot in a group', () => {
    const { envelope } = delivered(mapUpdate(fixture('group-command-addressed'), ctx));
    expect(envelope.content).toEqual({ type: 'help' });
  });

  it('maps /start <code> to link and a bare /start to help', () => {
    expect(delivered(mapUpdate(fixture('start-code'), ctx)).envelope.content).toEqual({
      type: 'link',
      code: 'inv_Zx81Kq',
    });
    expect(delivered(mapUpdate(fixture('start-bare'), ctx)).envelope.content).toEqual({ type: 'help' });
  });

  it.each(['/ajuda', '/ayuda', '/help', '/HELP@IrisTestBot'])('maps %s to help', (text) => {
    const update = fixture('help-ayuda');
    update.message!.text = text;
    expect(delivered(mapUpdate(update, ctx)).envelope.content).toEqual({ type: 'help' });
  });

  it('ignores a command addressed to another bot in a private chat', () => {
    const update = fixture('help-ayuda');
    update.message!.text = '/help@OtherBot';
    expect(mapUpdate(update, ctx)).toEqual({ action: 'ignore', reason: 'other_bot_command' });
  });

  it('keeps unknown commands as text for the engine', () => {
    const update = fixture('help-ayuda');
    update.message!.text = '/boletos';
    expect(delivered(mapUpdate(update, ctx)).envelope.content).toEqual({ type: 'text', text: '/boletos' });
  });

  it('ignores edits, anonymous admins and service messages', () => {
    expect(mapUpdate(fixture('edited-message'), ctx)).toEqual({ action: 'ignore', reason: 'edited' });
    expect(mapUpdate(fixture('anonymous-admin'), ctx)).toEqual({ action: 'ignore', reason: 'no_sender' });
    expect(mapUpdate(fixture('service-new-member'), ctx)).toEqual({
      action: 'ignore',
      reason: 'group_not_addressed',
    });
  });

  it('ignores service messages in private chats and updates it does not read', () => {
    const update = fixture('service-new-member');
    update.message!.chat = { id: 123456789, type: 'private', first_name: 'Ana' };
    expect(mapUpdate(update, ctx)).toEqual({ action: 'ignore', reason: 'service_message' });
    expect(mapUpdate({ update_id: 1 } as Update, ctx)).toEqual({ action: 'ignore', reason: 'not_a_message' });
  });

  it('rejects audio whose MIME type is not audio', () => {
    const update = fixture('audio');
    update.message!.audio!.mime_type = 'application/octet-stream';
    expect(delivered(mapUpdate(update, ctx)).envelope.content).toEqual({
      type: 'audio_rejected',
      reason: 'unsupported_format',
    });
  });
});
