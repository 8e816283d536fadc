import { randomUUID } from 'node:crypto';
import { createInvite } from '../../src/app/invites';
import { Harness } from '../support/harness';
import { whatsappThroughIrisSuite } from './whatsapp-through-iris';
import { waitFor } from './whatsapp-fakes';

/**
 * WhatsApp end to end: the adapter around a fake Baileys socket, wired to the real engine
 * (ingress, queues, pipeline, PostgreSQL) the way the whatsapp process wires it.
 */
describe('WhatsApp through the whole of Iris', () => {
  const h = new Harness();
  const account = `e2e${randomUUID().slice(0, 8)}`;
  const wa = whatsappThroughIrisSuite(h, account);

  let seq = 0;
  /** A message from `fromJid`; `altJid` is the same person's other address (`remoteJidAlt`). */
  function write(fromJid: string, text: string, altJid?: string): void {
    wa.socket.upsert({
      type: 'notify',
      messages: [
        {
          key: {
            remoteJid: fromJid,
            fromMe: false,
            id: `3EB0E2E${Date.now()}${++seq}`,
            ...(altJid ? { remoteJidAlt: altJid } : {}),
          },
          messageTimestamp: Math.floor(Date.now() / 1000),
          pushName: 'Ana',
          message: { conversation: text },
        },
      ],
    } as never);
  }

  async function waitForSent(jid: string, pattern: RegExp): Promise<string> {
    let text: string | undefined;
    await waitFor(() => {
      text = wa.socket.sent.find((m) => m.jid === jid && pattern.test(m.text))?.text;
      return text !== undefined;
    }, 20_000);
    return text!;
  }

  it('a user registered by phone creates a boleto and confirms with "sim" (old 8-digit JID matched by the ninth digit)', async () => {
    const { tenant } = await h.boletosTenant();
    // An old 8-digit mobile number (mobiles start with 6-9); WhatsApp may still send this form.
    const local = String(Math.floor(90_000_000 + Math.random() * 9_999_999));
    await h.db.user.create({
      data: { tenantId: tenant.id, name: 'Ana', role: 'owner', phone: `55119${local}` },
    });
    const jid = `5511${local}@s.whatsapp.net`; // the legacy form without the ninth digit

    write(jid, 'cria um boleto de R$ 150 pro João Silva pra dia 10/12/2099');
    expect(await waitForSent(jid, /Confirma\? \(Sim\/Não\)$/)).toBe(
      'Vou criar um boleto de R$ 150,00 para João Silva, com vencimento em 10/12/2099.\nConfirma? (Sim/Não)',
    );
    write(jid, 'sim');
    await waitForSent(jid, /^Boleto nº 1 criado: R\$ 150,00 para João Silva/);
    expect(await h.db.boleto.count({ where: { tenantId: tenant.id } })).toBe(1);
    expect(wa.socket.presences.some((p) => p.type === 'composing' && p.jid === jid)).toBe(true);
  }, 60_000);

  /** A person's two addresses: a phone JID (registered phone) and a LID JID. */
  function somePerson(): { phone: string; phoneJid: string; lidJid: string; lidId: string } {
    const local = String(Math.floor(10_000_000 + Math.random() * 89_999_999));
    const lid = String(Math.floor(1e14 + Math.random() * 8e14));
    return {
      phone: `55119${local}`,
      phoneJid: `55119${local}@s.whatsapp.net`,
      lidJid: `${lid}@lid`,
      lidId: `lid:${lid}`,
    };
  }

  it('one person is one conversation whether WhatsApp addresses them by phone or by LID', async () => {
    const { tenant } = await h.boletosTenant();
    const ana = somePerson();
    await h.db.user.create({ data: { tenantId: tenant.id, name: 'Ana', role: 'owner', phone: ana.phone } });

    write(ana.phoneJid, 'cria um boleto de R$ 150 pro João Silva pra dia 10/12/2099');
    await waitForSent(ana.phoneJid, /Confirma\? \(Sim\/Não\)$/);
    // The "sim" comes by LID, the phone beside it: the proposal waiting in the phone chat is found.
    write(ana.lidJid, 'sim', ana.phoneJid);
    await waitForSent(ana.lidJid, /^Boleto nº 1 criado: R\$ 150,00 para João Silva/);
    expect(await h.db.boleto.count({ where: { tenantId: tenant.id } })).toBe(1);
  }, 60_000);

  it('an invite linked while only the LID was known still matches once the phone is known', async () => {
    const { tenant } = await h.boletosTenant();
    const bia = somePerson();
    const { code } = await createInvite(h.db, {
      tenantSlug: tenant.slug,
      role: 'owner',
      userName: 'Bia',
      ttlSec: 600,
    });
    write(bia.lidJid, `/start ${code}`); // LID only, and Baileys has no mapping for it
    await waitForSent(bia.lidJid, /Bia/);
    expect(
      await h.db.channelIdentity.findMany({
        where: { tenantId: tenant.id, channel: 'whatsapp' },
        select: { externalId: true },
      }),
    ).toEqual([{ externalId: bia.lidId }]);

    write(bia.phoneJid, 'quais boletos vencem amanhã?', bia.lidJid);
    await waitForSent(bia.phoneJid, /boleto/i);
    const linked = await h.db.channelIdentity.findMany({
      where: { tenantId: tenant.id, channel: 'whatsapp' },
      select: { externalId: true },
      orderBy: { createdAt: 'asc' },
    });
    // The phone form is linked to the same user too: the LID no longer has to come along.
    expect(linked.map((row) => row.externalId).sort()).toEqual([bia.lidId, bia.phone].sort());
  }, 60_000);

  it('a proposal made before thread ids (keyed by the raw chat) is confirmed where it waits', async () => {
    const { tenant } = await h.boletosTenant();
    const caio = somePerson();
    await h.db.user.create({ data: { tenantId: tenant.id, name: 'Caio', role: 'owner', phone: caio.phone } });
    const envelope = (text: string, threadId?: string) => ({
      channel: 'whatsapp',
      account,
      platformMessageId: `legacy-${randomUUID()}`,
      externalUserId: caio.phone,
      chatId: caio.phoneJid,
      ...(threadId ? { threadId } : {}),
      sentAt: new Date().toISOString(),
      content: { type: 'text' as const, text },
    });
    write(caio.phoneJid, 'oi'); // the chat wrote first: replies to it may go out
    await waitForSent(caio.phoneJid, /./);
    // What an adapter of the previous version queued (or its spool replays): no thread id.
    await h.container.ingress.handle(envelope('cria um boleto de R$ 90 pro João Silva pra dia 10/12/2099'));
    await waitForSent(caio.phoneJid, /Confirma\? \(Sim\/Não\)$/);
    const push = jest.spyOn(h.container.conversations, 'push');
    await h.container.ingress.handle(envelope('sim', 'direct'));
    await waitForSent(caio.phoneJid, /^Boleto nº 1 criado: R\$ 90,00 para João Silva/);
    const legacyId = push.mock.calls[0]![0].conversationId;
    // Now idle: the next message starts the person's direct conversation.
    await waitFor(async () => !(await h.container.conversations.inFlight(legacyId, tenant.id)));
    await h.container.ingress.handle(envelope('quais boletos vencem amanhã?', 'direct'));
    expect(push.mock.calls[1]![0].conversationId).not.toBe(legacyId);
    push.mockRestore();
  }, 60_000);

  it('a request delivered long after it was sent (Iris was offline) is not acted on: it is asked again', async () => {
    const { tenant } = await h.boletosTenant();
    const duda = somePerson();
    await h.db.user.create({ data: { tenantId: tenant.id, name: 'Duda', role: 'owner', phone: duda.phone } });
    wa.socket.upsert({
      type: 'append',
      messages: [
        {
          key: { remoteJid: duda.phoneJid, fromMe: false, id: `3EB0OLD${Date.now()}` },
          messageTimestamp: Math.floor(Date.now() / 1000) - 3 * 60 * 60,
          pushName: 'Duda',
          message: { conversation: 'cria um boleto de R$ 70 pro João Silva pra dia 10/12/2099' },
        },
      ],
    } as never);
    expect(await waitForSent(duda.phoneJid, /./)).toBe(
      'Desculpe a demora: sua mensagem só chegou agora. Pode enviar de novo o que precisa?',
    );
    expect(await h.db.action.count({ where: { tenantId: tenant.id } })).toBe(0);
  }, 30_000);

  it('an unknown number gets one polite refusal', async () => {
    const jid = `55219${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}@s.whatsapp.net`;
    write(jid, 'oi');
    await waitForSent(jid, /^Olá! Esta conta ainda não está autorizada a usar a Iris\./);
    // Ingress queues a refusal (or not) before it returns: once it has answered the second
    // message, what was queued for this chat is final.
    const handle = jest.spyOn(h.container.ingress, 'handle');
    const send = jest.spyOn(h.container.outbox, 'send');
    write(jid, 'oi de novo');
    await waitFor(() => handle.mock.results.length === 1);
    expect(await handle.mock.results[0]!.value).toEqual({ status: 'unknown_user' });
    expect(send.mock.calls.flat(2).filter((m) => m.chatId === jid)).toEqual([]);
    handle.mockRestore();
    send.mockRestore();
    expect(wa.socket.sent.filter((m) => m.jid === jid)).toHaveLength(1);
  }, 30_000);
});
