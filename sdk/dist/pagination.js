export class PageIterator {
    #fetchPage;
    #params;
    constructor(fetchPage, params) {
        this.#fetchPage = fetchPage;
        this.#params = params;
    }
    /** One page: the first (or the one `startingAfter` / `endingBefore` names). */
    page() {
        return this.#fetchPage(this.#params);
    }
    /**
     * Every page in turn. With `endingBefore` the walk goes towards newer objects (each page's first
     * id is the next `endingBefore`); otherwise towards older ones (the last id is the next `startingAfter`).
     */
    async *pages() {
        let params = this.#params;
        const backwards = params.endingBefore !== undefined;
        for (;;) {
            const page = await this.#fetchPage(params);
            yield page;
            const edge = backwards ? page.data[0] : page.data[page.data.length - 1];
            if (!page.hasMore || !edge)
                return;
            params = backwards ? { ...params, endingBefore: edge.id } : { ...params, startingAfter: edge.id };
        }
    }
    async *[Symbol.asyncIterator]() {
        for await (const page of this.pages())
            yield* page.data;
    }
    /** Every object, at most `max` of them (a guard against loading a huge list by mistake). */
    async toArray(max = 10_000) {
        const out = [];
        for await (const item of this) {
            if (out.length >= max)
                break;
            out.push(item);
        }
        return out;
    }
}
