export type FetchLike = (input: Request) => Promise<Response>;
export interface TransportOptions {
    maxRetries: number;
    timeoutMs: number;
    fetch: FetchLike;
    /** First backoff wait, doubled at each retry (with jitter), at most maxDelayMs. */
    initialDelayMs: number;
    maxDelayMs: number;
    /** A Retry-After longer than this is not waited for. */
    maxRetryAfterSeconds: number;
    /** How to wait (tests replace it). */
    sleep: (ms: number, signal?: AbortSignal | null) => Promise<void>;
}
export declare const defaultSleep: (ms: number, signal?: AbortSignal | null) => Promise<void>;
export declare function backoffMs(retry: number, opts: Pick<TransportOptions, 'initialDelayMs' | 'maxDelayMs'>): number;
/** A fetch for openapi-fetch that adds the Idempotency-Key, the timeout and the retries. */
export declare function retryingFetch(opts: TransportOptions): FetchLike;
