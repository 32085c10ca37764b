// The hosted page's per-client limit (lib/domain/action-limits.ts): a client is its IPv4 address or
// its IPv6 /64, so one bot rotating addresses inside its /64 is limited like one client.
import { describe, expect, it } from 'vitest';
import { ACTIONS_PER_CLIENT_PER_MINUTE, clientKey, takeAction } from '@/lib/domain/action-limits';
import { useDatabase } from './api';
import { now } from './lifecycle-helpers';

const { db } = useDatabase();

describe("the page's per-client limit", () => {
  it('counts an IPv6 client by its /64 and an IPv4 client by its address', () => {
    expect(clientKey('2001:db8:1234:5678::1')).toBe('2001:db8:1234:5678::/64');
    expect(clientKey('2001:0db8:1234:5678:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1234:5678::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('one bot rotating addresses inside its IPv6 /64 is limited like one client', async () => {
    const t = now();
    let limited = 0;
    for (let i = 0; i < ACTIONS_PER_CLIENT_PER_MINUTE * 2; i++) {
      // A different checkout session each time (many URLs), the same /64.
      const wait = await takeAction(db(), { session: `cs_review${t}${i}`, client: `2001:db8:1234:${(t % 65536).toString(16)}::${(i + 1).toString(16)}` }, t);
      if (wait > 0) limited++;
    }
    expect(limited).toBe(ACTIONS_PER_CLIENT_PER_MINUTE);
  });
});
