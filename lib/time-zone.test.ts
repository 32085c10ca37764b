import { describe, expect, it } from 'vitest';
import { addDays, isCalendarDate, zonedDate, zonedDateTime, zonedDayStart, zonedDays, zonedIso, zoneOffsetSeconds } from './time-zone';

describe('days in a time zone', () => {
  it('Abidjan is UTC all year; Douala is one hour ahead', () => {
    const t = Date.UTC(2026, 10, 27, 12) / 1000;
    expect(zoneOffsetSeconds(t, 'Africa/Abidjan')).toBe(0);
    expect(zoneOffsetSeconds(t, 'Africa/Douala')).toBe(3600);
    expect(zonedDayStart('2026-11-27', 'Africa/Abidjan')).toBe(Date.UTC(2026, 10, 27) / 1000);
    expect(zonedDayStart('2026-11-27', 'Africa/Douala')).toBe(Date.UTC(2026, 10, 26, 23) / 1000);
  });

  it('an instant just before and after a local midnight falls on two days', () => {
    const start = zonedDayStart('2026-11-27', 'Africa/Douala');
    expect(zonedDate(start - 1, 'Africa/Douala')).toBe('2026-11-26');
    expect(zonedDate(start, 'Africa/Douala')).toBe('2026-11-27');
    expect(zonedDateTime(start + 3 * 3600 + 5 * 60, 'Africa/Douala')).toBe('2026-11-27 03:05');
    expect(zonedIso(start + 3 * 3600 + 5 * 60 + 9, 'Africa/Douala')).toBe('2026-11-27T03:05:09+01:00');
    expect(zonedIso(Date.UTC(2026, 10, 27, 14, 5) / 1000, 'Africa/Abidjan')).toBe('2026-11-27T14:05:00+00:00');
    expect(zonedIso(Date.UTC(2026, 10, 27, 14, 5) / 1000, 'America/St_Johns')).toBe('2026-11-27T10:35:00-03:30');
  });

  it('a day of 23 hours where the clocks move forward (Europe/Paris, 2026-03-29)', () => {
    const days = zonedDays('2026-03-28', '2026-03-30', 'Europe/Paris');
    expect(days.map((d) => d.end - d.start)).toEqual([86_400, 82_800, 86_400]);
    expect(days[0]?.end).toBe(days[1]?.start);
  });

  it('a day that starts after a gap at midnight (America/Santiago, 2026-09-06)', () => {
    const start = zonedDayStart('2026-09-06', 'America/Santiago');
    expect(zonedDate(start, 'America/Santiago')).toBe('2026-09-06');
    expect(zonedDate(start - 1, 'America/Santiago')).toBe('2026-09-05');
  });

  it('calendar dates are checked and moved exactly', () => {
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-1-01')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(() => zonedDayStart('2026-13-01', 'Africa/Abidjan')).toThrow(RangeError);
  });
});
