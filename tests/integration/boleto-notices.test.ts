import pino from 'pino';
import { startBoletoNotifier } from '../../src/app/boleto-notifier';
import { BoletoPdfMaker } from '../../src/app/boleto-pdfs';
import type { OutboundMessageInput } from '../../src/core/messages';
import { packFor } from '../../src/app/packs';
import type { Outbox } from '../../src/queues/outbox';
import { waitFor } from '../support/conversation';
import { Harness } from '../support/harness';
import { pdfText } from '../support/pdf-text';

/**
 * The owners' notices, one round at a time (`runOnce`) on the real tables, with an outbox that
 * records what it is handed: batching, the daily digest, the PDF of a boleto issued without
 * being sent, and a pack that cannot say a notice.
 */
describe('notices to the owners', () => {
  const h = new Harness();
  const handed: OutboundMessageInput[] = [];
  const outbox = { send: async (messages: OutboundMessageInput[]) => void handed.push(...messages) };
  afterAll(() => h.close());
  beforeEach(() => (handed.length = 0));

  /**
   * One round of a notifier serving this tenant: its first look runs as it starts, and the
   * round is over when `done` notice has left 'pending' (a round is one transaction).
   */
  async function oneRound(tenantId: string, doneId: string): Promise<void> {
    const notifier = startBoletoNotifier({
      db: h.db,
      outbox: outbox as unknown as Outbox,
      chats: h.container.userChats,
      pdfs: new BoletoPdfMaker(),
      onlyTenants: () => [tenantId],
      packFor,
      everyMs: 3_600_000,
      logger: pino({ level: 'silent' }),
    });
    try {
      await waitFor('the round', async () => {
        const notice = await h.db.boletoNotice.findUniqueOrThrow({ where: { id: doneId } });
        return notice.status === 'pending' ? undefined : true;
      });
    } finally {
      await notifier.stop();
    }
  }

  /** A tenant with an owner reachable in a console chat, and boletos with notices. */
  async function tenantWithNotices(
    kinds: Array<'paid' | 'overdue' | 'issued'>,
    pack: 'boletos' | 'finance' = 'boletos',
  ) {
    const { tenant, user } = pack === 'boletos' ? await h.boletosTenant() : await h.financeTenant();
    const contact = await h.db.contact.create({
      data: { tenantId: tenant.id, name: 'Ana Lima', nameKey: 'ana lima' },
    });
    await h.db.userChat.create({
      data: { userId: user.id, channel: 'console', account: 'acc', chatId: 'console:owner' },
    });
    const notices = [];
    for (const [index, kind] of kinds.entries()) {
      const boleto = await h.db.boleto.create({
        data: {
          tenantId: tenant.id,
          number: index + 1,
          contactId: contact.id,
          amountCents: 10_000 * (index + 1),
          dueDate: new Date('2026-12-10T00:00:00Z'),
          digitableLine: '23790000090000000000000000000000187650000010000',
          barcode: '23791876500000100000000000000000000000000000',
          ...(kind === 'paid' ? { status: 'PAID' as const, paidCents: 10_000 * (index + 1) } : {}),
        },
      });
      notices.push(
        await h.db.boletoNotice.create({ data: { tenantId: tenant.id, boletoId: boleto.id, kind } }),
      );
    }
    return { tenant, user, notices };
  }

  it("sends a round's updates as one message, and an issued boleto's PDF alone", async () => {
    const { tenant, user, notices } = await tenantWithNotices(['paid', 'overdue', 'paid', 'issued']);
    await oneRound(tenant.id, notices[3]!.id);
    expect(handed).toHaveLength(2);
    const [pdf, updates] = handed;
    expect(updates).toMatchObject({ chatId: 'console:owner', noticeToUser: true });
    expect(updates!.id).toMatch(new RegExp(`^boleto-notices:[0-9a-f]{32}:${user.id}$`));
    expect(updates!.text).toBe(
      [
        'Novidades dos seus boletos (3):',
        '• O boleto nº 1 de Ana Lima foi pago: R$ 100,00.',
        '• O boleto nº 2 de Ana Lima, de R$ 200,00, venceu em 10/12/2026 e ainda não foi pago.',
        '• O boleto nº 3 de Ana Lima foi pago: R$ 300,00.',
      ].join('\n'),
    );
    expect(pdf!.id).toBe(`boleto-notice:${notices[3]!.id}:${user.id}`);
    expect(pdf!.text).toContain(
      'Segue o PDF do boleto nº 4 de Ana Lima (R$ 400,00, vencimento em 10/12/2026)',
    );
    expect(pdf!.document).toMatchObject({ fileName: 'boleto-4.pdf', mimeType: 'application/pdf' });
    const [page] = await pdfText(Buffer.from(pdf!.document!.base64, 'base64'));
    expect(page).toContain('BOLETO DE DEMONSTRAÇÃO');
    expect(page).toContain(tenant.name);
    const rows = await h.db.boletoNotice.findMany({ where: { tenantId: tenant.id } });
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
  });

  it('a digest tenant hears once a day, at its hour, of what happened before it', async () => {
    const { tenant, notices } = await tenantWithNotices(['paid', 'paid', 'issued']);
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        hourCycle: 'h23',
        timeZone: tenant.timeZone,
      }).format(new Date()),
    );
    await h.db.tenant.update({ where: { id: tenant.id }, data: { noticeDigestHour: hour } });
    // The first paid notice came before this hour began; the second after (it waits for tomorrow).
    await h.db.boletoNotice.update({
      where: { id: notices[0]!.id },
      data: { createdAt: new Date(Date.now() - 2 * 3_600_000) },
    });
    await oneRound(tenant.id, notices[2]!.id);
    expect(handed.map((m) => m.text?.split('\n')[0])).toEqual([
      expect.stringContaining('Segue o PDF do boleto nº 3'),
      'Resumo do dia dos seus boletos (1):',
    ]);
    expect(handed[1]!.text).toContain('• O boleto nº 1 de Ana Lima foi pago: R$ 100,00.');
    const waiting = await h.db.boletoNotice.findUniqueOrThrow({ where: { id: notices[1]!.id } });
    expect(waiting.status).toBe('pending');
  });

  it("a provider's PDF that cannot be had: the owner gets the line to forward, and the round goes on", async () => {
    const { notices } = await tenantWithNotices(['issued', 'issued']);
    // Both registered at a provider whose link is down (nothing listens on port 9).
    for (const [index, notice] of notices.entries())
      await h.db.boleto.update({
        where: { id: notice.boletoId },
        data: { provider: 'asaas', providerRef: `pay_${index}`, pdfUrl: `http://127.0.0.1:9/b/pdf/${index}` },
      });
    await oneRound(notices[0]!.tenantId, notices[1]!.id);
    expect(handed.map((m) => [m.text?.split(' Linha')[0], m.document])).toEqual([
      ['O PDF do boleto nº 1 de Ana Lima não pôde ser gerado agora.', undefined],
      ['O PDF do boleto nº 2 de Ana Lima não pôde ser gerado agora.', undefined],
    ]);
    expect(handed[0]!.text).toContain('Linha digitável para encaminhar: 23790.00009');
  });

  it('a pack that cannot say a notice sets it aside as failed, and the others still go', async () => {
    const broken = await tenantWithNotices(['paid'], 'finance');
    await oneRound(broken.tenant.id, broken.notices[0]!.id);
    expect(handed).toEqual([]);
    expect(await h.db.boletoNotice.findUniqueOrThrow({ where: { id: broken.notices[0]!.id } })).toMatchObject(
      {
        status: 'failed',
      },
    );
  });
});
