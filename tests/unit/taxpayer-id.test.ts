import { parseTaxpayerId } from '../../src/domains/taxpayer-id';

describe('a customer CPF or CNPJ as typed', () => {
  it('keeps the digits of a valid CPF or CNPJ, punctuated or not', () => {
    expect(parseTaxpayerId('529.982.247-25')).toBe('52998224725');
    expect(parseTaxpayerId('52998224725')).toBe('52998224725');
    expect(parseTaxpayerId('11.222.333/0001-81')).toBe('11222333000181');
  });

  it('refuses wrong check digits, wrong lengths and anything that is not a number', () => {
    expect(parseTaxpayerId('529.982.247-24')).toBeUndefined();
    expect(parseTaxpayerId('11.222.333/0001-80')).toBeUndefined();
    expect(parseTaxpayerId('111.111.111-11')).toBeUndefined();
    expect(parseTaxpayerId('1234567')).toBeUndefined();
    expect(parseTaxpayerId('abc.def.ghi-jk')).toBeUndefined();
    expect(parseTaxpayerId('')).toBeUndefined();
  });
});
