// Shared helpers for the e2e specs: the merchant's keys (made by e2e/serve.sh) and an API client.
import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';

export function keys(): { test: string; live: string } {
  return JSON.parse(fs.readFileSync(path.join(process.cwd(), '.data-e2e', 'keys.json'), 'utf8')).keys;
}

export async function api<T = any>(request: APIRequestContext, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const res = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${keys().test}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    data: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  expect(res.status(), JSON.stringify(json)).toBe(200);
  return json as T;
}
