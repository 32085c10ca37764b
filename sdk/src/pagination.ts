// Lists: `list(params)` answers a PageIterator. `for await (const x of caisse.paymentIntents.list())`
// walks every object, newest first, fetching the next page (startingAfter = the last id) only when
// the loop gets there; `.page()` is one page (the first, or the one the cursors name).
import type { List } from './types.js';

export interface PageParams {
  limit?: number;
  startingAfter?: string;
  endingBefore?: string;
}

export class PageIterator<T extends { id: string }, P extends PageParams = PageParams> implements AsyncIterable<T> {
  readonly #fetchPage: (params: P) => Promise<List<T>>;
  readonly #params: P;

  constructor(fetchPage: (params: P) => Promise<List<T>>, params: P) {
    this.#fetchPage = fetchPage;
    this.#params = params;
  }

  /** One page: the first (or the one `startingAfter` / `endingBefore` names). */
  page(): Promise<List<T>> {
    return this.#fetchPage(this.#params);
  }

  /**
   * Every page in turn. With `endingBefore` the walk goes towards newer objects (each page's first
   * id is the next `endingBefore`); otherwise towards older ones (the last id is the next `startingAfter`).
   */
  async *pages(): AsyncGenerator<List<T>, void, undefined> {
    let params = this.#params;
    const backwards = params.endingBefore !== undefined;
    for (;;) {
      const page = await this.#fetchPage(params);
      yield page;
      const edge = backwards ? page.data[0] : page.data[page.data.length - 1];
      if (!page.hasMore || !edge) return;
      params = backwards ? { ...params, endingBefore: edge.id } : { ...params, startingAfter: edge.id };
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) yield* page.data;
  }

  /** Every object, at most `max` of them (a guard against loading a huge list by mistake). */
  async toArray(max = 10_000): Promise<T[]> {
    const out: T[] = [];
    for await (const item of this) {
      if (out.length >= max) break;
      out.push(item);
    }
    return out;
  }
}
