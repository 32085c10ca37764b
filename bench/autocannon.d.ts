// The few fields of autocannon's result that bench/api.ts reads (the package ships no types).
declare module 'autocannon' {
  interface Result {
    requests: { average: number; total: number };
    /** Seconds the run took. */
    duration: number;
    latency: { p50: number; p99: number; mean: number };
    non2xx: number;
    errors: number;
  }
  export default function autocannon(opts: Record<string, unknown>): Promise<Result>;
}
