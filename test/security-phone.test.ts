// Item 20 (issue 11): buyers' numbers are mobile numbers of the operator's country under the
// current numbering plans (libphonenumber-js), not hand-written patterns.
import { describe, expect, it } from 'vitest';
import { mobileNumberE164 } from '@/lib/phone';

describe('mobileNumberE164', () => {
  it('accepts mobile numbers of the country, national or international, with separators', () => {
    expect(mobileNumberE164('0554120000', 'CI')).toBe('+2250554120000');
    expect(mobileNumberE164('+225 07 07 12 00 00', 'CI')).toBe('+2250707120000');
    expect(mobileNumberE164('00225 01.01.12.00.00', 'CI')).toBe('+2250101120000');
    expect(mobileNumberE164('6 90 12 00 00', 'CM')).toBe('+237690120000');
    expect(mobileNumberE164('+237-677-120-000', 'CM')).toBe('+237677120000');
    expect(mobileNumberE164('622120000', 'GN')).toBe('+224622120000');
    expect(mobileNumberE164('+224 (664) 12 00 00', 'GN')).toBe('+224664120000');
  });

  it('refuses fixed lines, unassigned ranges, wrong lengths and other countries', () => {
    const refused: [string, string][] = [
      ['2722000000', 'CI'], // a fixed line (Abidjan)
      ['222123456', 'CM'], // a fixed line (Yaoundé)
      ['0807120000', 'CI'], // no mobile range starts 08
      ['577120000', 'CM'],
      ['640120000', 'GN'],
      ['070712000', 'CI'], // one digit short
      ['05541200001', 'CI'], // one digit long
      ['+237690120000', 'CI'], // a Cameroonian number for Côte d'Ivoire
      ['+2250554120000', 'CM'],
    ];
    for (const [n, c] of refused) expect(mobileNumberE164(n, c), `${n} ${c}`).toBeNull();
  });

  it('refuses anything but a typed number (no extraction from text, no letters, no extensions)', () => {
    for (const n of ['call 0554120000', '0554120000 ext 12', 'tel:+2250554120000', '0554l20000', '', '+', '0554120000;', '0'.repeat(40)])
      expect(mobileNumberE164(n, 'CI'), n).toBeNull();
  });
});
