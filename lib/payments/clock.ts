// The time of a call, as the API, the page and the tests give it. Pure.

export interface Clock {
  /** Unix seconds; tests pass their own. */
  now?: number;
  /**
   * Unix milliseconds, for what is counted finer than a second (the phone prompt limits,
   * phone-limits.ts). When given, `now` is read from it; else it is `now` x 1000, or the real clock.
   */
  nowMs?: number;
}

/** The time of a call, read once: `now` (unix seconds) and `nowMs` (unix ms) of the same instant. */
export function timeOf(clock: Clock): { now: number; nowMs: number } {
  const nowMs = clock.nowMs ?? (clock.now !== undefined ? clock.now * 1000 : Date.now());
  return { now: clock.nowMs === undefined && clock.now !== undefined ? clock.now : Math.floor(nowMs / 1000), nowMs };
}

/** The intent statuses no payment changes any more (but late money, recorded). */
export const TERMINAL = ['succeeded', 'failed', 'canceled'];
