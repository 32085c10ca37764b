// Days in a merchant's time zone (GET/POST /v1/account timeZone, an IANA name): where a day
// starts, which day an instant falls on, and an instant written for people. Reports, the
// reconciliation's periods and the dashboard count days with these, never in UTC. The runtime's
// own time zone data (Intl) answers; no library.

const formats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return f;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(unixSeconds: number, timeZone: string): WallClock {
  const out: Record<string, number> = {};
  for (const p of partsFormat(timeZone).formatToParts(new Date(unixSeconds * 1000))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out as unknown as WallClock;
}

/** Seconds the zone is ahead of UTC at this instant (Africa/Abidjan 0, Africa/Douala 3600). */
export function zoneOffsetSeconds(unixSeconds: number, timeZone: string): number {
  const w = wallClock(Math.floor(unixSeconds), timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) / 1000 - Math.floor(unixSeconds);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(date: string): boolean {
  const m = DATE.exec(date);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === date;
}

/**
 * The Unix second at which `date` (YYYY-MM-DD) begins in the zone: its first instant, which is
 * midnight unless the zone skips midnight that day (then the first instant after the gap).
 */
export function zonedDayStart(date: string, timeZone: string): number {
  const m = DATE.exec(date);
  if (!m || !isCalendarDate(date)) throw new RangeError(`not a calendar date: ${date}`);
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 1000;
  // Two rounds: the offset at the guess, then at the instant it gives (they differ near a change).
  const t = wall - zoneOffsetSeconds(wall - zoneOffsetSeconds(wall, timeZone), timeZone);
  if (zonedDate(t, timeZone) === date && zonedDate(t - 1, timeZone) < date) return t;
  // Near a change of the clocks (a zone that skips its midnight): the first second whose local date
  // is this one, found by halving the 28 hours around it (offsets are within -12 h and +14 h).
  let lo = wall - 14 * 3600;
  let hi = wall + 14 * 3600;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (zonedDate(mid, timeZone) >= date) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The local date (YYYY-MM-DD) of an instant in the zone. */
export function zonedDate(unixSeconds: number, timeZone: string): string {
  const w = wallClock(Math.floor(unixSeconds), timeZone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** `date` moved by `days` calendar days (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`not a calendar date: ${date}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days)).toISOString().slice(0, 10);
}

/** The days from `from` to `to`, both included, with where each begins and ends in the zone (Unix seconds). */
export function zonedDays(from: string, to: string, timeZone: string): { date: string; start: number; end: number }[] {
  const out: { date: string; start: number; end: number }[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push({ date: d, start: zonedDayStart(d, timeZone), end: zonedDayStart(addDays(d, 1), timeZone) });
  return out;
}

/** An instant as people read it in the zone: "2026-11-27 14:05" (24 h clock, no seconds). */
export function zonedDateTime(unixSeconds: number, timeZone: string): string {
  const w = wallClock(Math.floor(unixSeconds), timeZone);
  return `${zonedDate(unixSeconds, timeZone)} ${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
}

/**
 * Instants written in a zone, ISO 8601 with its offset (2026-11-27T14:05:09+01:00). The offset is
 * asked of the runtime once per quarter hour of the clock (clocks change on quarter hours), not per
 * line: the file's lines come in time order.
 */
export function zonedIsoWriter(timeZone: string): (unixSeconds: number) => string {
  let bucket = Number.NaN;
  let offset = 0;
  return (t) => {
    const b = Math.floor(t / 900);
    if (b !== bucket) {
      bucket = b;
      offset = zoneOffsetSeconds(b * 900, timeZone);
    }
    const sign = offset < 0 ? '-' : '+';
    const abs = Math.abs(offset);
    const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
    const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, '0');
    return `${new Date((t + offset) * 1000).toISOString().slice(0, 19)}${sign}${hh}:${mm}`;
  };
}

/** An instant in ISO 8601 with the zone's offset, to the second: "2026-11-27T15:05:00+01:00" (a CSV's dates). */
export const zonedIso = (unixSeconds: number, timeZone: string): string => zonedIsoWriter(timeZone)(Math.floor(unixSeconds));
