import type { List } from './types.js';
export interface PageParams {
    limit?: number;
    startingAfter?: string;
    endingBefore?: string;
}
export declare class PageIterator<T extends {
    id: string;
}, P extends PageParams = PageParams> implements AsyncIterable<T> {
    #private;
    constructor(fetchPage: (params: P) => Promise<List<T>>, params: P);
    /** One page: the first (or the one `startingAfter` / `endingBefore` names). */
    page(): Promise<List<T>>;
    /**
     * Every page in turn. With `endingBefore` the walk goes towards newer objects (each page's first
     * id is the next `endingBefore`); otherwise towards older ones (the last id is the next `startingAfter`).
     */
    pages(): AsyncGenerator<List<T>, void, undefined>;
    [Symbol.asyncIterator](): AsyncGenerator<T, void, undefined>;
    /** Every object, at most `max` of them (a guard against loading a huge list by mistake). */
    toArray(max?: number): Promise<T[]>;
}
