import { describe, expect, it } from 'vitest';
import { formatAmount, formatAmountLong, formatDuration, formatSats } from './format';
import { fromAcceptLanguage, pickLocale, t } from './index';
import { en } from './en';
import { fr } from './fr';

// Intl uses narrow no-break spaces in French; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatAmount', () => {
  it('formats CFA francs and Guinean francs without decimals', () => {
    expect(plain(formatAmount(5000, 'XOF', 'fr'))).toBe('5 000 F CFA');
    expect(plain(formatAmount(5000, 'XAF', 'en'))).toBe('5,000 F CFA');
    expect(plain(formatAmount(1250000, 'GNF', 'fr'))).toBe('1 250 000 FG');
  });
  it('formats bitcoin exactly, with sats', () => {
    expect(plain(formatAmount(12345, 'BTC', 'fr'))).toBe('0,00012345 BTC');
    expect(plain(formatAmount(12345, 'BTC', 'en'))).toBe('0.00012345 BTC');
    expect(plain(formatSats(12345, 'fr'))).toBe('12 345 sats');
    expect(plain(formatAmountLong(100_000_000, 'BTC', 'en'))).toBe('1 BTC (100,000,000 sats)');
    expect(plain(formatAmount(2_099_999_999_999_999 % 1_000_000_000, 'BTC', 'en'))).toBe('9.99999999 BTC');
  });
  it('formats USDT with 2 to 6 decimals', () => {
    expect(plain(formatAmount(12_500_000, 'USDT', 'fr'))).toBe('12,50 USDT');
    expect(plain(formatAmount(1_000_000, 'USDT', 'en'))).toBe('1.00 USDT');
    expect(plain(formatAmount(1_234_567, 'USDT', 'en'))).toBe('1.234567 USDT');
    expect(plain(formatAmount(1_000_000_000_000, 'USDT', 'fr'))).toBe('1 000 000,00 USDT');
  });
  it('formats durations', () => {
    expect(formatDuration(179)).toBe('2:59');
    expect(formatDuration(3601)).toBe('1:00:01');
    expect(formatDuration(-5)).toBe('0:00');
  });
});

describe('locales', () => {
  it('has the same keys in both languages', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
  });
  it('picks cookie, then session, then Accept-Language, then the currency default', () => {
    expect(pickLocale({ cookie: 'en', sessionLocale: 'fr' })).toBe('en');
    expect(pickLocale({ sessionLocale: 'en', acceptLanguage: 'fr' })).toBe('en');
    expect(pickLocale({ sessionLocale: 'auto', acceptLanguage: 'de-DE,en;q=0.8,fr;q=0.5' })).toBe('en');
    expect(pickLocale({ sessionLocale: 'auto', acceptLanguage: 'de', currency: 'XOF' })).toBe('fr');
    expect(pickLocale({ currency: 'BTC' })).toBe('en');
    expect(fromAcceptLanguage('fr-CI,fr;q=0.9')).toBe('fr');
  });
  it('fills placeholders', () => {
    expect(t('fr')('payTo', { merchant: 'Boutique Awa' })).toBe('Payer Boutique Awa');
  });
});
