import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startWebChat } from '../../src/app/channels/web-chat';
import { buildWeb } from '../../src/app/web';
import { Harness } from '../support/harness';

/**
 * The web chat in a real browser: Debian's Chromium driven by playwright-core, against the web
 * routes, the pipeline and the outbound queue of this process, on real Redis and PostgreSQL.
 * CHROMIUM_PATH overrides where the browser is (.ci/run installs Debian's when missing). With
 * SCREENSHOTS_DIR set, it also saves a phone-sized screenshot per locale there (docs/).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PHONE = { width: 375, height: 720 };

describe('web chat in Chromium', () => {
  const h = new Harness({ WEB_SESSION_SECRET: 'a-test-secret-that-is-long-enough-0123456789' });
  const app = buildWeb(h.container);
  let browser: Browser;
  let base: string;
  let boletos: Awaited<ReturnType<Harness['boletosTenant']>>;
  let finance: Awaited<ReturnType<Harness['financeTenant']>>;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium`);
    boletos = await h.boletosTenant();
    finance = await h.financeTenant();
    await h.db.user.update({ where: { id: boletos.user.id }, data: { name: 'Ana Teste' } });
    await h.db.user.update({ where: { id: finance.user.id }, data: { name: 'Cristina Prueba' } });
    h.startPipelines(1, 4);
    await startWebChat(h.container, app, [boletos.tenant.slug, finance.tenant.slug]);
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });

  afterAll(async () => {
    await browser?.close();
    await app.close();
    await h.close();
  });

  async function signIn(page: Page, who: string): Promise<void> {
    await page.goto(base);
    await page.getByRole('button', { name: new RegExp(who) }).click();
    await page.locator('#message').waitFor();
  }

  async function say(page: Page, text: string): Promise<void> {
    await page.locator('#message').fill(text);
    await page.keyboard.press('Enter');
  }

  async function screenshot(page: Page, name: string): Promise<void> {
    const dir = process.env.SCREENSHOTS_DIR;
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, name) });
  }

  it('pt-BR: creates a boleto, confirmed with the Sim button, on a phone-sized screen', async () => {
    const page = await browser.newPage({ viewport: PHONE, locale: 'pt-BR' });
    await signIn(page, 'Ana Teste');
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');
    // Labelled for screen readers; Enter sends.
    expect(await page.getByRole('textbox', { name: 'Sua mensagem' }).isVisible()).toBe(true);
    await say(page, 'cria um boleto de 150 pro João Silva pra dia 10/12/2099');
    const log = page.getByRole('log');
    await log.getByText('Vou criar um boleto de R$ 150,00 para João Silva').waitFor();
    await log.getByRole('button', { name: 'Sim' }).click();
    await log.getByText(/Boleto nº \d+ criado: R\$ 150,00 para João Silva/).waitFor();
    // The answered prompt's buttons are closed.
    expect(await log.getByRole('button', { name: 'Sim' }).isDisabled()).toBe(true);
    const boleto = await h.db.boleto.findFirstOrThrow({ where: { tenantId: boletos.tenant.id } });
    expect(boleto.amountCents).toBe(15_000);
    // Nothing wider than the phone: no sideways scrolling; the composer is on screen.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      PHONE.width,
    );
    expect(await page.getByRole('button', { name: 'Enviar' }).isVisible()).toBe(true);
    await screenshot(page, 'web-chat-pt-BR.png');
    await page.close();
  });

  it('es-MX: logs a spending, confirmed by typing "sí", and a reload shows the conversation again', async () => {
    const page = await browser.newPage({ viewport: PHONE, locale: 'es-MX' });
    await signIn(page, 'Cristina Prueba');
    expect(await page.getAttribute('html', 'lang')).toBe('es-MX');
    await say(page, 'gasté 250 en uber ayer');
    const log = page.getByRole('log');
    await log.getByRole('button', { name: 'Sí' }).waitFor();
    await say(page, 'sí');
    await log.getByText(/Gasto registrado: \$250\.00/).waitFor();
    await page.reload();
    await page
      .getByRole('log')
      .getByText(/Gasto registrado/)
      .waitFor();
    await screenshot(page, 'web-chat-es-MX.png');
    await page.close();
  });

  it("signed out, the page offers the demo users and an invite code, in the browser's language", async () => {
    const page = await browser.newPage({
      viewport: PHONE,
      locale: 'es-MX',
      extraHTTPHeaders: { 'accept-language': 'es-MX' },
    });
    await page.goto(base);
    await page.getByText('Elige un usuario de demostración:').waitFor();
    expect(await page.getByLabel('Código de invitación').isVisible()).toBe(true);
    await page.close();
  });
});
