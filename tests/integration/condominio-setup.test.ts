import { isoDateInZone } from '../../src/core/format';
import {
  describeCondominium,
  setResident,
  upsertInfraction,
  upsertSpace,
  upsertUnit,
} from '../../src/app/condominium-setup';
import { Harness } from '../support/harness';

/**
 * An operator sets up a condominium from nothing (`npm run iris -- condo …` runs these): a
 * space with its rules, a unit, a person in it — and that person can book at once. Bad values
 * get a clear message naming the field; running the same setup twice changes nothing.
 */
describe('condominio: setting up a condominium', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(1));
  afterAll(() => h.close());

  it('a space, a unit and a resident, then a booking by that resident', async () => {
    const tenant = await h.emptyTenant('condominio');
    const space = {
      name: 'Espaço gourmet',
      opens: '11:00',
      closes: '22:00',
      capacity: '25',
      fee: '60,00',
      aliases: 'gourmet',
    };
    await upsertSpace(h.db, tenant.id, space);
    await upsertSpace(h.db, tenant.id, space);
    const fine = {
      name: 'Lixo deixado no corredor',
      amount: '300,00',
      rule: 'Regimento, art. 9',
      aliases: 'lixo',
    };
    await upsertInfraction(h.db, tenant.id, fine);
    await upsertInfraction(h.db, tenant.id, fine);
    await upsertUnit(h.db, tenant.id, 'Casa 7');
    const { user, chat } = await h.user(tenant.id, 'operator');
    await setResident(h.db, tenant.id, { name: user.name, unit: 'Casa 7' });
    expect(await describeCondominium(h.db, tenant.id)).toEqual([
      'spaces (1):',
      '  Espaço gourmet: 11:00-22:00, up to 25 people, fee 60.00, 24 h ahead at least, 90 days ahead at most, 2 a month per unit, fee cancelled up to 48 h ahead (also: gourmet)',
      'infractions (1):',
      '  Lixo deixado no corredor: fine 300.00 (Regimento, art. 9) (also: lixo)',
      'units (1):',
      `  Casa 7: ${user.name}`,
    ]);

    const iso = isoDateInZone(new Date(Date.now() + 9 * 86_400_000), 'America/Sao_Paulo');
    const day = `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
    const [proposal] = await h.say(chat, `reserva o gourmet dia ${day} das 12h às 15h`);
    expect(proposal).toMatch(
      /^Etapa 1 de 2: reservar o espaço\.\nReservar o espaço Espaço gourmet para a unidade Casa 7 .+ Taxa de uso: R\$ 60,00/,
    );
    await h.say(chat, 'sim');
    await h.say(chat, 'sim');
    expect(await h.db.condoReservation.count({ where: { tenantId: tenant.id, status: 'ACTIVE' } })).toBe(1);
  });

  it('says which value is wrong', async () => {
    const tenantId = (await h.condominioTenant()).tenant.id;
    await expect(
      upsertSpace(h.db, tenantId, { name: 'Sauna', opens: '25:00', closes: '09:00', capacity: 'dois' }),
    ).rejects.toThrow('opens: a time is HH:MM; capacity: capacity must be a number');
    await expect(
      upsertSpace(h.db, tenantId, { name: 'Sauna', opens: '10:00', closes: '09:00', capacity: '4' }),
    ).rejects.toThrow('closes: the space closes after it opens');
    await expect(upsertInfraction(h.db, tenantId, { name: 'Lixo', amount: '0', rule: '' })).rejects.toThrow(
      'amount: the amount is more than zero; rule: say where the regulations set it, like "Regimento interno, art. 12"',
    );
    await expect(setResident(h.db, tenantId, { name: 'Ninguém', unit: 'Bloco A, apto 101' })).rejects.toThrow(
      'no user named "Ninguém"',
    );
  });
});
