// The hosted page's error banner: the limits a buyer can hit say how long to wait, in the buyer's
// language (the page reads ?error=...&wait=<seconds> from the action's redirect).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorBanner } from '@/components/checkout/panels';
import { t } from '@/lib/i18n';

const banner = (locale: 'fr' | 'en', code: string, wait?: number) => renderToStaticMarkup(createElement(ErrorBanner, { tr: t(locale), code, wait }));

describe('error banner', () => {
  it('too many prompts to a phone: the time to wait, in seconds or minutes, in French and English', () => {
    expect(banner('fr', 'phone_rate_limited', 45)).toContain('Vous pourrez réessayer dans 45 s.');
    expect(banner('en', 'phone_rate_limited', 45)).toContain('You can try again in 45 s.');
    expect(banner('en', 'phone_rate_limited', 600)).toContain('in 10 min.');
    expect(banner('fr', 'rate_limited', 30)).toContain('dans 30 s.');
  });

  it('never shows a bare placeholder, and an unknown code reads as the generic message', () => {
    expect(banner('en', 'phone_rate_limited')).not.toContain('{wait}');
    expect(banner('en', 'no_such_code')).toBe(banner('en', 'generic'));
    expect(banner('en', 'rail_not_configured')).toContain('not available here');
  });
});
