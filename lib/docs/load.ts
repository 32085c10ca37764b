// The OpenAPI document the /docs pages render, built once per base URL (BASE_URL is read at run
// time, so the pages are rendered per request; the document is not rebuilt for each).
import { openApiDocument } from '../api/openapi';
import { config } from '../config';
import type { OpenApiDocument } from './reference';

const cache = new Map<string, OpenApiDocument>();

export function docsBaseUrl(): string {
  return config().BASE_URL.replace(/\/$/, '');
}

export function docsDocument(): OpenApiDocument {
  const base = docsBaseUrl();
  let doc = cache.get(base);
  if (!doc) cache.set(base, (doc = openApiDocument(base) as unknown as OpenApiDocument));
  return doc;
}
