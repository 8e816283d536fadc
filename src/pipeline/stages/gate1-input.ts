import { stripControlCharacters } from '../../core/text';
import { STOP, type ButtonPress, type Said, type Stop } from '../request';
import type { Turn } from '../turn';

/**
 * Gate 1 (docs/specification.md#gates): empty, whitespace-only or failed input never reaches understanding.
 * Control characters are stripped; a message over the maximum length is refused, not cut. The
 * message as typed is kept beside it for the injection detector, which must see what was hidden.
 */
export function gate1Input(t: Turn): Said | ButtonPress | Stop {
  const content = t.input.content;
  if (content.kind === 'button') {
    t.heard = `[${content.answer}]`;
    return content;
  }
  if (content.kind === 'problem') {
    t.record('input_gate_fail', { reason: content.key });
    t.reply(t.say(content.key, content.params));
    return STOP;
  }
  const text = stripControlCharacters(content.text);
  if (text.length === 0) {
    t.record('input_gate_fail', { reason: content.fromAudio ? 'empty_transcript' : 'empty' });
    t.reply(t.say(content.fromAudio ? 'audio_failed' : 'input_empty'));
    return STOP;
  }
  if (text.length > t.limits.maxInputChars) {
    t.record('input_gate_fail', { reason: 'too_long', length: text.length });
    t.reply(t.say('input_too_long', { max: t.limits.maxInputChars }));
    return STOP;
  }
  t.heard = text;
  t.record('input_gate_pass', content.fromAudio ? { source: 'audio' } : undefined);
  return { kind: 'text', text, typed: content.text, fromAudio: content.fromAudio };
}
