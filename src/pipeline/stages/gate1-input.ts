import { stripControlCharacters } from '../../core/text';
import type { Stage } from './stage';

/**
 * Gate 1 (docs/specification.md#gates): empty, whitespace-only or failed input never reaches understanding.
 * Control characters are stripped; a message over the maximum length is refused, not cut. The
 * message as typed is kept beside it for the injection detector, which must see what was hidden.
 */
export const gate1Input: Stage = {
  name: 'input_normalization',
  async run(t) {
    const content = t.input.content;
    if (content.kind === 'button') return 'continue';
    if (content.kind === 'problem') {
      t.record('input_gate_fail', { reason: content.key });
      t.reply(t.say(content.key, content.params));
      return 'stop';
    }
    const text = stripControlCharacters(content.text);
    if (text.length === 0) {
      t.record('input_gate_fail', { reason: content.fromAudio ? 'empty_transcript' : 'empty' });
      t.reply(t.say(content.fromAudio ? 'audio_failed' : 'input_empty'));
      return 'stop';
    }
    if (text.length > t.limits.maxInputChars) {
      t.record('input_gate_fail', { reason: 'too_long', length: text.length });
      t.reply(t.say('input_too_long', { max: t.limits.maxInputChars }));
      return 'stop';
    }
    t.text = text;
    t.typedText = content.text;
    t.record('input_gate_pass', content.fromAudio ? { source: 'audio' } : undefined);
    return 'continue';
  },
};
