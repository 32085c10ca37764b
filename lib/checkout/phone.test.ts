import { describe, expect, it } from 'vitest';
import { htmlPhonePattern } from './phone';

// Browsers compile `pattern` with the v flag, anchored.
const matches = (pattern: string, value: string) => new RegExp(`^(?:${pattern})$`, 'v').test(value);

describe('htmlPhonePattern', () => {
  const ci = htmlPhonePattern('^0[157]\\d{8}$', '+225');
  const cm = htmlPhonePattern('^6\\d{8}$', '+237');
  it('accepts national numbers with or without separators, and the dialling code', () => {
    for (const ok of ['0707120000', '07 07 12 00 00', '07.07.12.00.00', '+225 07 07 12 00 00', '002250707120000']) expect(matches(ci, ok)).toBe(true);
    for (const ok of ['677120000', '6 77 12 00 00', '+237677120000']) expect(matches(cm, ok)).toBe(true);
  });
  it('rejects numbers of another shape or country', () => {
    for (const bad of ['0807120000', '070712000', '+237 07 07 12 00 00', 'abc', '07  07120000']) expect(matches(ci, bad)).toBe(false);
    expect(matches(cm, '577120000')).toBe(false);
  });
  it('falls back to a loose check for unknown syntax', () => {
    expect(matches(htmlPhonePattern('^(0|6)\\d+$', '+1'), '+1 555 0100')).toBe(true);
  });
});
