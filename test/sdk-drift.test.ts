// The SDK's generated files are committed (sdk/openapi.json, sdk/src/schema.ts, sdk/dist): they
// must be what the generator makes from the API's current OpenAPI document and sources. When this
// fails, run `npx tsx sdk/scripts/generate.ts` from the repository root and commit the result.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDist, DIST_DIR, DOCUMENT_FILE, generateSources, listFiles, REGENERATE, SCHEMA_FILE } from '../sdk/scripts/generate';

const hint = `out of date: run \`${REGENERATE}\` from the repository root and commit sdk/`;
const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '(missing)');

describe('the SDK matches the OpenAPI document', () => {
  it('sdk/openapi.json, sdk/src/schema.ts and sdk/dist are what the generator makes', async () => {
    const { document, schema } = await generateSources();
    expect(read(DOCUMENT_FILE) === document, `sdk/openapi.json ${hint}`).toBe(true);
    expect(read(SCHEMA_FILE) === schema, `sdk/src/schema.ts ${hint}`).toBe(true);
    const dist = buildDist();
    expect(listFiles(DIST_DIR).sort(), `sdk/dist ${hint}`).toEqual([...dist.keys()].sort());
    const stale = [...dist].filter(([file, text]) => read(path.join(DIST_DIR, file)) !== text).map(([file]) => file);
    expect(stale, `sdk/dist ${hint}`).toEqual([]);
  }, 120_000);
});
