// Helpers of the report tests (test/report-runs*.test.ts): a zone where it is noon now, the worker's
// report pass, the file's download through its route (checked against the OpenAPI document), a CSV reader.
import { expect } from 'vitest';
import { GET as fileGet } from '@/app/v1/report_runs/[id]/file/route';
import type { Db } from '@/lib/db/client';
import { workerTasks } from '@/lib/worker/tasks';
import { checkResponse } from './openapi-ajv';

/**
 * A fixed-offset zone in which it is about noon now: a test's "today" cannot end while it runs, and
 * lines a few minutes ahead of the clock stay on it.
 */
export function noonZone(): string {
  const offset = 12 - new Date().getUTCHours(); // -11..12
  // At noon UTC: 'UTC', as the runtime spells it (it canonicalizes 'Etc/GMT' to 'UTC', and the account keeps that spelling).
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/** The worker's report pass for one merchant, on the tasks' clock. */
export async function reportPass(db: Db, merchantId: string, at: number): Promise<number> {
  const task = workerTasks({ merchantId, now: () => at }).find((t) => t.name === 'complete-report-runs')!;
  return task.run(db);
}

/** GET /v1/report_runs/:id/file: status, headers and the text (checked against the document). */
export async function download(key: string, id: string) {
  const url = `http://localhost:3000/v1/report_runs/${id}/file`;
  const res = await fileGet(new Request(url, { headers: { authorization: `Bearer ${key}` } }), { params: Promise.resolve({ id }) });
  const text = await res.text();
  checkResponse('GET', new URL(url).pathname, { status: res.status, headers: res.headers, text });
  return { status: res.status, headers: res.headers, text };
}

/** CSV text -> rows of cells (our own files: quoted cells only where a comma or quote is). */
export function parseCsv(text: string): string[][] {
  expect(text.endsWith('\r\n')).toBe(true);
  return text
    .slice(0, -2)
    .split('\r\n')
    .map((line) => {
      const cells: string[] = [];
      let i = 0;
      while (i <= line.length) {
        if (line[i] === '"') {
          let s = '';
          i++;
          for (;;) {
            if (line[i] === '"' && line[i + 1] === '"') {
              s += '"';
              i += 2;
            } else if (line[i] === '"') {
              i++;
              break;
            } else s += line[i++];
          }
          cells.push(s);
          i++;
        } else {
          const j = line.indexOf(',', i);
          const end = j === -1 ? line.length : j;
          cells.push(line.slice(i, end));
          i = end + 1;
        }
      }
      return cells;
    });
}
