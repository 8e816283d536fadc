import { getBoletoInfo, isValidBoleto } from '@brazilian-utils/brazilian-utils';
import {
  boletoNumbers,
  dueFactor,
  formatDigitableLine,
  mod10,
  mod11Barcode,
} from '../../src/domains/boleto-issuing/febraban';

/** Boleto numbers checked against an independent implementation: @brazilian-utils/brazilian-utils. */
describe('FEBRABAN boleto numbers', () => {
  const FREE_FIELD = '1234567890000000000000042';

  describe('due factor (days since 1997-10-07, restarting at 1000 on 2025-02-22)', () => {
    it.each([
      ['1997-10-07', '0000'],
      ['2000-07-03', '1000'],
      ['2000-07-04', '1001'],
      ['2025-02-21', '9999'],
      ['2025-02-22', '1000'],
      ['2025-02-23', '1001'],
      ['2026-11-22', '1638'],
      ['2049-10-13', '9999'],
      ['2049-10-14', '1000'],
    ])('%s -> %s', (date, factor) => {
      expect(dueFactor(date)).toBe(factor);
    });
  });

  it('computes the modulo 10 and modulo 11 check digits of known examples', () => {
    // Banco do Brasil's example line 00190.00009 01149.718601 68524.522114 6 75860000102656.
    expect(mod10('001900000')).toBe(9);
    expect(mod10('0114971860')).toBe(1);
    expect(mod10('6852452211')).toBe(4);
    expect(mod11Barcode('0019758600001026560000001149718606852452211')).toBe(6);
    // 0, 10 and 11 become 1.
    expect(mod11Barcode('0000000000000000000000000000000000000000000')).toBe(1);
  });

  const amounts = [1, 99, 100, 15_000, 150_000, 123_456, 9_999_999, 10_000_000, 99_999_999_99];
  const dates = [
    '2000-07-03',
    '2010-01-31',
    '2024-12-31',
    '2025-02-20',
    '2025-02-21',
    '2025-02-22',
    '2025-02-23',
    '2026-01-01',
    '2026-11-22',
    '2030-06-15',
    '2049-10-14',
  ];
  const cases = amounts.flatMap((amountCents) => dates.map((dueDate) => [amountCents, dueDate] as const));

  it.each(cases)('%i cents due %s: a valid line and barcode that read back', (amountCents, dueDate) => {
    for (const bankCode of ['237', '001', '341']) {
      const { barcode, digitableLine } = boletoNumbers({
        bankCode,
        amountCents,
        dueDate,
        freeField: FREE_FIELD,
      });
      expect(digitableLine).toMatch(/^\d{47}$/);
      expect(barcode).toMatch(/^\d{44}$/);
      expect(isValidBoleto(digitableLine)).toBe(true);
      expect(isValidBoleto(formatDigitableLine(digitableLine))).toBe(true);
      // The barcode and the line carry the same data.
      expect(barcode.slice(0, 4)).toBe(digitableLine.slice(0, 4));
      expect(barcode.slice(4, 5)).toBe(digitableLine.slice(32, 33));
      expect(barcode.slice(5, 19)).toBe(digitableLine.slice(33));
      expect(barcode.slice(19)).toBe(
        digitableLine.slice(4, 9) + digitableLine.slice(10, 20) + digitableLine.slice(21, 31),
      );
      const info = getBoletoInfo(digitableLine, { referenceDate: new Date(`${dueDate}T12:00:00Z`) });
      expect(info?.amount).toBe(amountCents);
      expect(info?.bankCode).toBe(bankCode);
      const read = info!.expirationDate!;
      const readIso = `${read.getFullYear()}-${String(read.getMonth() + 1).padStart(2, '0')}-${String(read.getDate()).padStart(2, '0')}`;
      expect(readIso).toBe(dueDate);
    }
  });

  it('a changed digit breaks the line', () => {
    const { digitableLine } = boletoNumbers({
      bankCode: '237',
      amountCents: 150_000,
      dueDate: '2026-12-10',
      freeField: FREE_FIELD,
    });
    for (const position of [3, 12, 25, 32, 40]) {
      const digit = Number(digitableLine[position]);
      const broken = `${digitableLine.slice(0, position)}${(digit + 1) % 10}${digitableLine.slice(position + 1)}`;
      expect(isValidBoleto(broken)).toBe(false);
    }
  });

  it('prints the line the way banks do', () => {
    expect(formatDigitableLine('00190000090114971860168524522114675860000102656')).toBe(
      '00190.00009 01149.718601 68524.522114 6 75860000102656',
    );
  });

  it.each([
    [{ bankCode: '23', amountCents: 100, dueDate: '2026-01-01', freeField: FREE_FIELD }, 'bank code'],
    [{ bankCode: '237', amountCents: 100, dueDate: '2026-01-01', freeField: '123' }, 'free field'],
    [{ bankCode: '237', amountCents: 0, dueDate: '2026-01-01', freeField: FREE_FIELD }, 'amount'],
    [{ bankCode: '237', amountCents: 1.5, dueDate: '2026-01-01', freeField: FREE_FIELD }, 'amount'],
    [
      { bankCode: '237', amountCents: 100_000_000_00, dueDate: '2026-01-01', freeField: FREE_FIELD },
      'amount',
    ],
  ])('refuses bad input %#', (input, what) => {
    expect(() => boletoNumbers(input)).toThrow(what);
  });
});
