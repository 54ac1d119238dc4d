import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidCnpj, isValidCpf, normalizeCnpj, normalizeCpf } from './documents';

/** Check digits computed independently of the module under test (the textbook loops). */
function cpfWithCheckDigits(nine: number[]): string {
  const dv = (ds: number[]) => {
    const sum = ds.reduce((s, d, i) => s + d * (ds.length + 1 - i), 0);
    const r = 11 - (sum % 11);
    return r >= 10 ? 0 : r;
  };
  const d1 = dv(nine);
  return [...nine, d1, dv([...nine, d1])].join('');
}

function cnpjWithCheckDigits(twelve: string): string {
  const weights1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const weights2 = [6, ...weights1];
  const dv = (s: string, w: number[]) => {
    const r = [...s].reduce((acc, c, i) => acc + (c.charCodeAt(0) - 48) * w[i]!, 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = dv(twelve, weights1);
  return `${twelve}${d1}${dv(`${twelve}${d1}`, weights2)}`;
}

describe('CPF', () => {
  it('accepts known valid numbers, bare or punctuated', () => {
    for (const v of ['529.982.247-25', '52998224725', '111.444.777-35', '123.456.789-09']) {
      expect(isValidCpf(v)).toBe(true);
    }
    expect(normalizeCpf('529.982.247-25')).toBe('52998224725');
  });

  it('refuses wrong check digits, repeated digits, wrong lengths and non-strings', () => {
    for (const v of ['529.982.247-24', '111.111.111-11', '00000000000', '5299822472', '529982247250']) {
      expect(isValidCpf(v)).toBe(false);
    }
    for (const v of [52998224725, null, undefined, {}, '5299822472a', '529-982-247.25', ' ']) {
      expect(isValidCpf(v)).toBe(false);
    }
  });

  it('accepts every number built with correct check digits and refuses any other last digit', () => {
    const nine = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 });
    fc.assert(
      fc.property(nine, fc.integer({ min: 1, max: 9 }), (digits, bump) => {
        const cpf = cpfWithCheckDigits(digits);
        const repeated = /^(\d)\1{10}$/.test(cpf);
        expect(isValidCpf(cpf)).toBe(!repeated);
        const wrong = cpf.slice(0, 10) + String((Number(cpf[10]) + bump) % 10);
        expect(isValidCpf(wrong)).toBe(false);
      }),
    );
  });
});

describe('CNPJ', () => {
  it('accepts known valid numbers, numeric and alphanumeric', () => {
    for (const v of ['11.222.333/0001-81', '11222333000181', '11.444.777/0001-61', '12.ABC.345/01DE-35']) {
      expect(isValidCnpj(v)).toBe(true);
    }
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });

  it('refuses wrong check digits, repeated digits, letters in the check digits and non-strings', () => {
    for (const v of [
      '11.222.333/0001-82',
      '00.000.000/0000-00',
      '1122233300018',
      '12ABC34501DE3A',
      11222333000181,
    ]) {
      expect(isValidCnpj(v)).toBe(false);
    }
  });

  it('accepts every number built with correct check digits and refuses any other last digit', () => {
    const char = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    fc.assert(
      fc.property(
        fc.array(char, { minLength: 12, maxLength: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (cs, bump) => {
          const cnpj = cnpjWithCheckDigits(cs.join(''));
          expect(isValidCnpj(cnpj)).toBe(!/^(\d)\1{13}$/.test(cnpj));
          const wrong = cnpj.slice(0, 13) + String((Number(cnpj[13]) + bump) % 10);
          expect(isValidCnpj(wrong)).toBe(false);
        },
      ),
    );
  });
});
