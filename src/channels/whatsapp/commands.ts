/**
 * The few texts the WhatsApp adapter turns into something other than plain text.
 *
 * Invite codes. WhatsApp has no deep-link parameter like Telegram's `/start <code>`; the way to
 * carry a code is a click-to-chat link with prefilled text:
 * `https://wa.me/<bot number>?text=IRIS-ABC123`. So the documented format is the whole message
 * being `IRIS-<code>` (case-insensitive prefix, code 4 to 64 letters, digits, `_` or `-`).
 * `/start <code>` is accepted too, so an invite written for Telegram works here unchanged.
 * The code is passed as typed (trimmed); the engine decides how codes compare.
 *
 * Help. `/ajuda`, `/ayuda`, `/help` (the same commands as on Telegram). A plain "ajuda" stays text:
 * the engine's understanding handles it in context.
 */
export type CommandContent = { type: 'link'; code: string } | { type: 'help' };

const INVITE = /^iris-([A-Za-z0-9_-]{4,64})$/i;
const START = /^\/start\s+([A-Za-z0-9_-]{4,64})$/i;
const HELP = /^\/(ajuda|ayuda|help)$/i;

export function parseCommand(text: string): CommandContent | undefined {
  const trimmed = text.trim();
  const invite = INVITE.exec(trimmed) ?? START.exec(trimmed);
  if (invite?.[1]) return { type: 'link', code: invite[1] };
  if (HELP.test(trimmed)) return { type: 'help' };
  return undefined;
}
