import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mapMessage, type MapContext, type MapResult } from '../../src/channels/whatsapp/map-message';
import type { WaMessage, WaMessagesUpsert } from '../../src/channels/whatsapp/wa-types';
import { fromBufferJson } from '../../src/stores/whatsapp-auth-store';

/**
 * The fixtures are `messages.upsert` payloads in the shape Baileys 7.0.0-rc14 emits them after
 * `decodeMessageNode` + `cleanMessage` (keys with `remoteJidAlt` / `participantAlt` /
 * `addressingMode`, `participant: ''` in 1:1 chats, `messageContextInfo` beside the content,
 * bytes as BufferJSON), written from the library's source since no live connection is possible here.
 */
function fixture(name: string): WaMessagesUpsert {
  const text = readFileSync(join(__dirname, '..', 'fixtures', 'whatsapp', `${name}.json`), 'utf8');
  return fromBufferJson(text) as WaMessagesUpsert;
}

const ctx = (overrides: Partial<MapContext> = {}): MapContext => ({
  account: 'main',
  upsertType: 'notify',
  self: { id: '5511900000000:7@s.whatsapp.net', lid: '98765432101234:7@lid' },
  audio: { enabled: true, maxBytes: 1_000_000, maxDurationSec: 120, mimeTypes: ['audio/ogg', 'audio/mpeg'] },
  now: () => new Date('2025-11-17T17:00:00.000Z'),
  ...overrides,
});

function mapFixture(name: string, overrides: Partial<MapContext> = {}): MapResult {
  const upsert = fixture(name);
  const [message] = upsert.messages;
  return mapMessage(message as WaMessage, ctx({ upsertType: upsert.type, ...overrides }));
}

function accepted(result: MapResult) {
  if (result.kind !== 'accept') throw new Error(`expected accept, got ${JSON.stringify(result)}`);
  return result;
}

describe('mapMessage', () => {
  it('maps a text (conversation) with id, chat, sender and timestamp', () => {
    const result = accepted(mapFixture('text'));
    expect(result.envelope).toEqual({
      channel: 'whatsapp',
      account: 'main',
      platformMessageId: '3EB0C4A1F2D3E4B5A6C7',
      chatId: '5511987654321@s.whatsapp.net',
      sentAt: '2025-11-17T17:20:00.000Z',
      displayName: 'Maria Silva',
    });
    expect(result.sender).toEqual({ phoneJid: '5511987654321@s.whatsapp.net', lid: '201234567890123@lid' });
    expect(result.content).toEqual({ type: 'text', text: 'quanto devo de luz?' });
  });

  it('maps an extended text in a LID-addressed chat, keeping the LID chat for replies', () => {
    const result = accepted(mapFixture('extended-text'));
    expect(result.envelope.chatId).toBe('201234567890123@lid');
    expect(result.sender.phoneJid).toBe('551187654321@s.whatsapp.net');
    expect(result.content).toEqual({
      type: 'text',
      text: 'paga o boleto da Enel https://exemplo.com.br/boleto',
    });
  });

  it('asks for a download of a voice note, with what the sender declared', () => {
    expect(accepted(mapFixture('ptt')).content).toEqual({
      type: 'audio_pending',
      mimeType: 'audio/ogg',
      declaredBytes: 18234,
      durationSec: 7,
      ptt: true,
    });
  });

  it('rejects audio over the caps or of an unknown format before downloading', () => {
    const tooLong = mapFixture('ptt', {
      audio: { enabled: true, maxBytes: 1e6, maxDurationSec: 5, mimeTypes: ['audio/ogg'] },
    });
    expect(accepted(tooLong).content).toEqual({ type: 'audio_rejected', reason: 'too_long' });
    const tooLarge = mapFixture('ptt', {
      audio: { enabled: true, maxBytes: 1024, maxDurationSec: 60, mimeTypes: ['audio/ogg'] },
    });
    expect(accepted(tooLarge).content).toEqual({ type: 'audio_rejected', reason: 'too_large' });
    const format = mapFixture('ptt', {
      audio: { enabled: true, maxBytes: 1e6, maxDurationSec: 60, mimeTypes: ['audio/mpeg'] },
    });
    expect(accepted(format).content).toEqual({ type: 'audio_rejected', reason: 'unsupported_format' });
  });

  it('answers in a group only when the bot (phone or LID) is mentioned, without the mention', () => {
    const result = accepted(mapFixture('group-mention'));
    expect(result.envelope.chatId).toBe('120363041234567890@g.us');
    expect(result.envelope.replyTo).toBe('3A9F1B2C3D4E5F60718293');
    expect(result.sender).toEqual({ phoneJid: '5521998765432@s.whatsapp.net', lid: '209876543210987@lid' });
    expect(result.content).toEqual({ type: 'text', text: 'quanto gastei este mês?' });
    expect(mapFixture('group-no-mention')).toEqual({ kind: 'ignore', reason: 'group_not_mentioned' });
  });

  it('recognises a mention of the phone JID too', () => {
    const upsert = fixture('group-mention');
    const message = upsert.messages[0] as WaMessage;
    const ext = message.message?.extendedTextMessage;
    if (!ext?.contextInfo) throw new Error('fixture changed');
    ext.text = '@5511900000000 saldo';
    ext.contextInfo.mentionedJid = ['5511900000000@s.whatsapp.net'];
    expect(accepted(mapMessage(message, ctx())).content).toEqual({ type: 'text', text: 'saldo' });
  });

  it.each([
    ['status-broadcast', 'status_broadcast'],
    ['from-me', 'from_me'],
    ['reaction', 'reaction'],
    ['protocol', 'protocol'],
    ['ciphertext-stub', 'no_content'],
  ])('ignores %s', (name, reason) => {
    expect(mapFixture(name)).toEqual({ kind: 'ignore', reason });
  });

  it('ignores newsletters, other broadcasts, edits and unknown upsert types', () => {
    const base = fixture('text').messages[0] as WaMessage;
    const withKey = (remoteJid: string): WaMessage => ({ ...base, key: { ...base.key, remoteJid } });
    expect(mapMessage(withKey('120363000000000000@newsletter'), ctx())).toEqual({
      kind: 'ignore',
      reason: 'newsletter',
    });
    expect(mapMessage(withKey('1234567890@broadcast'), ctx())).toEqual({
      kind: 'ignore',
      reason: 'broadcast',
    });
    const edited: WaMessage = { ...base, message: { editedMessage: { message: { conversation: 'não' } } } };
    expect(mapMessage(edited, ctx())).toEqual({ kind: 'ignore', reason: 'edited' });
    expect(mapMessage(base, ctx({ upsertType: 'history' }))).toEqual({
      kind: 'ignore',
      reason: 'upsert_type',
    });
  });

  it('keeps the old timestamp of a backlog message delivered after being offline (append)', () => {
    const result = accepted(mapFixture('backlog'));
    expect(result.envelope.sentAt).toBe('2025-11-15T17:20:00.000Z');
    expect(result.content).toEqual({ type: 'text', text: 'sim' });
  });

  it('unwraps disappearing messages and reads an invite code', () => {
    expect(accepted(mapFixture('ephemeral')).content).toEqual({ type: 'link', code: 'ABC123' });
  });

  it('answers photos and other media as unsupported', () => {
    expect(accepted(mapFixture('image')).content).toEqual({ type: 'unsupported', what: 'image' });
  });

  it('uses now() when the message has no timestamp', () => {
    const base = fixture('text').messages[0] as WaMessage;
    const result = accepted(mapMessage({ ...base, messageTimestamp: null }, ctx()));
    expect(result.envelope.sentAt).toBe('2025-11-17T17:00:00.000Z');
  });
});

describe('commands', () => {
  const text = (body: string) => {
    const base = fixture('text').messages[0] as WaMessage;
    return accepted(mapMessage({ ...base, message: { conversation: body } }, ctx())).content;
  };

  it('reads IRIS-<code> and /start <code> as link, help commands as help', () => {
    expect(text('IRIS-ABC123')).toEqual({ type: 'link', code: 'ABC123' });
    expect(text('  iris-x9y8z7  ')).toEqual({ type: 'link', code: 'x9y8z7' });
    expect(text('/start ABC123')).toEqual({ type: 'link', code: 'ABC123' });
    expect(text('/ajuda')).toEqual({ type: 'help' });
    expect(text('/AYUDA')).toEqual({ type: 'help' });
    expect(text('ajuda')).toEqual({ type: 'text', text: 'ajuda' });
    expect(text('meu código é IRIS-ABC123')).toEqual({ type: 'text', text: 'meu código é IRIS-ABC123' });
  });
});
