import TelegramServer from 'telegram-test-api';
import { createInvite } from '../../src/app/invites';
import { createTelegram, startTelegramSender } from '../../src/app/channels/telegram';
import type { TelegramChannel } from '../../src/channels/telegram';
import { Harness } from '../support/harness';
import { fastPolling, freePort, noPacing, waitFor } from './telegram-helpers';

type BotMessage = {
  messageId: number;
  message: { text: string; reply_markup?: { inline_keyboard: { text: string; callback_data: string }[][] } };
};

/**
 * Telegram end to end: the real grammY client against a local Bot API emulator, wired to the
 * real engine (ingress, queues, pipeline, PostgreSQL) exactly as the telegram process wires it.
 */
describe('Telegram through the whole of Iris', () => {
  const token = '777001:e2e-test-token';
  // Telegram user ids are global in the identity table: fresh ones each run.
  const base = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
  let server: TelegramServer;
  let h: Harness;
  let telegram: TelegramChannel;
  let polling: Promise<void>;

  beforeAll(async () => {
    server = new TelegramServer({ port: await freePort(), host: '127.0.0.1' });
    await server.start();
    h = new Harness({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_API_ROOT: server.config.apiURL });
    h.startPipelines(1);
    // Quick polls, but the default lease: a loaded CI machine must not lose it mid-test.
    telegram = createTelegram(h.container, {
      polling: { ...fastPolling, leaseTtlMs: 15_000 },
      pacing: noPacing,
    });
    startTelegramSender(h.container, telegram);
    polling = telegram.startPolling();
  });

  afterAll(async () => {
    await h.close();
    await polling;
    await server.stop();
  });

  /** Every message the bot sent to one person (the emulator's storage), oldest first. */
  async function botMessages(client: ReturnType<TelegramServer['getClient']>): Promise<BotMessage[]> {
    const chatId = String((client as unknown as { chatId: number }).chatId);
    return server.storage.botMessages
      .filter((u) => String(u.message.chat_id) === chatId)
      .map((u) => ({ messageId: u.messageId, message: u.message as unknown as BotMessage['message'] }));
  }

  async function waitForText(
    client: ReturnType<TelegramServer['getClient']>,
    pattern: RegExp,
  ): Promise<BotMessage> {
    let found: BotMessage | undefined;
    await waitFor(async () => {
      found = (await botMessages(client)).find((m) => pattern.test(m.message.text));
      return found !== undefined;
    }, `a bot message matching ${pattern}`);
    return found!;
  }

  async function linkedClient(userId: number) {
    const { tenant } = await h.boletosTenant();
    const { code } = await createInvite(h.db, {
      tenantSlug: tenant.slug,
      role: 'owner',
      userName: 'Ana',
      ttlSec: 600,
    });
    const client = server.getClient(token, { userId, chatId: userId, firstName: 'Ana' });
    await client.sendCommand(client.makeCommand(`/start ${code}`));
    await waitForText(client, /^Pronto, Ana! Sua conta foi vinculada\./);
    return { tenant, client };
  }

  it('a linked user creates a boleto by text, confirms with the button, and sees the result', async () => {
    const { tenant, client } = await linkedClient(base + 1);
    await client.sendMessage(
      client.makeMessage('cria um boleto de R$ 150 pro João Silva pra dia 10/12/2099'),
    );
    const prompt = await waitForText(client, /^Vou criar um boleto de R\$ 150,00 para João Silva/);
    expect(prompt.message.text).toBe(
      'Vou criar um boleto de R$ 150,00 para João Silva, com vencimento em 10/12/2099.\nConfirma? (Sim/Não)',
    );
    const [yes, no] = prompt.message.reply_markup!.inline_keyboard[0]!;
    expect([yes!.text, no!.text]).toEqual(['Sim', 'Não']);

    await client.sendCallback(
      client.makeCallbackQuery(yes!.callback_data, { message: { message_id: prompt.messageId } }),
    );
    await waitForText(
      client,
      /^Boleto nº 1 criado: R\$ 150,00 para João Silva, vencimento em 10\/12\/2099\./,
    );
    expect(await h.db.boleto.count({ where: { tenantId: tenant.id } })).toBe(1);

    // The same button pressed again never executes a second time, and says why.
    await client.sendCallback(
      client.makeCallbackQuery(yes!.callback_data, { message: { message_id: prompt.messageId } }),
    );
    await waitForText(client, /^Essa proposta já foi confirmada\.$/);
    expect(await h.db.boleto.count({ where: { tenantId: tenant.id } })).toBe(1);
  });

  it('a rejected proposal writes nothing', async () => {
    const { tenant, client } = await linkedClient(base + 2);
    await client.sendMessage(
      client.makeMessage('cria um boleto de 200 reais pro Pedro Santos pra 15/01/2099'),
    );
    const prompt = await waitForText(client, /^Vou criar um boleto de R\$ 200,00 para Pedro Santos/);
    const no = prompt.message.reply_markup!.inline_keyboard[0]![1]!;
    await client.sendCallback(
      client.makeCallbackQuery(no.callback_data, { message: { message_id: prompt.messageId } }),
    );
    await waitForText(client, /^Operação cancelada\.$/);
    expect(await h.db.boleto.count({ where: { tenantId: tenant.id } })).toBe(0);
    expect(await h.db.action.findFirst({ where: { tenantId: tenant.id } })).toMatchObject({
      status: 'CANCELLED',
    });
  });

  it('an unknown user is refused politely, once, with no data revealed', async () => {
    const client = server.getClient(token, { userId: base + 99, chatId: base + 99, firstName: 'Estranho' });
    await client.sendMessage(client.makeMessage('lista os boletos'));
    await waitForText(client, /^Olá! Esta conta ainda não está autorizada a usar a Iris\./);
    // Ingress queues a refusal (or not) before it returns: once it has answered the second
    // message, the count of refusals queued for this chat is final.
    const handle = jest.spyOn(h.container.ingress, 'handle');
    const send = jest.spyOn(h.container.outbox, 'send');
    await client.sendMessage(client.makeMessage('lista os boletos de novo'));
    await waitFor(async () => handle.mock.results.length === 1, 'ingress answering the second message');
    expect(await handle.mock.results[0]!.value).toEqual({ status: 'unknown_user' });
    expect(send.mock.calls.flat(2).filter((m) => m.chatId === String(base + 99))).toEqual([]);
    handle.mockRestore();
    send.mockRestore();
    expect(
      (await botMessages(client)).filter((m) => /não está autorizada/.test(m.message.text)),
    ).toHaveLength(1);
  });

  it('drops a duplicate delivery of the same update', async () => {
    const { client } = await linkedClient(base + 3);
    const update = {
      update_id: base % 1_000_000_000,
      message: {
        message_id: 77,
        date: Math.floor(Date.now() / 1000),
        chat: { id: base + 3, type: 'private' as const, first_name: 'Ana' },
        from: { id: base + 3, is_bot: false, first_name: 'Ana' },
        text: 'lista os boletos',
      },
    };
    const handle = jest.spyOn(h.container.ingress, 'handle');
    await telegram.handleUpdate(update);
    await telegram.handleUpdate(update);
    // The second delivery was turned away before any turn was queued: no second reply can come.
    expect(await Promise.all(handle.mock.results.map((r) => r.value))).toEqual([
      expect.objectContaining({ status: 'queued' }),
      { status: 'duplicate' },
    ]);
    handle.mockRestore();
    await waitForText(client, /^Nenhum boleto encontrado\.$/);
    expect(
      (await botMessages(client)).filter((m) => m.message.text === 'Nenhum boleto encontrado.'),
    ).toHaveLength(1);
  });
});
