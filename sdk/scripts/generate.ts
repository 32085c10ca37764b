// Regenerates the SDK from the API's OpenAPI document (lib/api/openapi.ts), from the repository root:
//   npx tsx sdk/scripts/generate.ts
// 1. sdk/openapi.json: the document, as GET /v1/openapi.json serves it with BASE_URL=http://localhost:3000;
// 2. sdk/src/schema.ts: its types, made by openapi-typescript (openapi-fetch types every call with them);
// 3. sdk/dist: the package as installed (ESM + .d.ts), compiled from sdk/src with sdk/tsconfig.json,
//    exactly what `npm run build --workspace sdk` (tsc) writes.
// All three are committed (dist too: `npm install /path/to/caisse/sdk` then needs no build step);
// test/sdk-drift.test.ts regenerates them in memory and fails when they differ from the committed files.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { openApiDocument } from '../../lib/api/openapi';

export const SDK_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DOCUMENT_FILE = path.join(SDK_DIR, 'openapi.json');
export const SCHEMA_FILE = path.join(SDK_DIR, 'src', 'schema.ts');
export const DIST_DIR = path.join(SDK_DIR, 'dist');
export const REGENERATE = 'npx tsx sdk/scripts/generate.ts';

/** The server named in the committed document: the local default, so the output does not depend on the environment. */
const BASE_URL = 'http://localhost:3000';

const HEADER = `// GENERATED FILE: do not edit. Made by \`${REGENERATE}\` (openapi-typescript) from the API's
// OpenAPI document (lib/api/openapi.ts, served at GET /v1/openapi.json). Regenerate after changing the API.
`;

/** The document and its types, as text. */
export async function generateSources(): Promise<{ document: string; schema: string }> {
  const document = `${JSON.stringify(openApiDocument(BASE_URL), null, 2)}\n`;
  const ast = await openapiTS(JSON.parse(document) as OpenAPI3, { silent: true });
  return { document, schema: `${HEADER}\n${astToString(ast)}` };
}

/**
 * sdk/dist as `tsc -p sdk/tsconfig.json` writes it, in memory: file name (relative to dist) -> text.
 * `schema` replaces sdk/src/schema.ts's text (to build from freshly generated types before writing them).
 */
export function buildDist(schema?: string): Map<string, string> {
  const configFile = path.join(SDK_DIR, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`Cannot read ${configFile}`);
  const host = ts.createCompilerHost(parsed.options);
  if (schema !== undefined) {
    const read = host.readFile.bind(host);
    host.readFile = (file) => (path.resolve(file) === SCHEMA_FILE ? schema : read(file));
  }
  const out = new Map<string, string>();
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length)
    throw new Error(ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => SDK_DIR, getNewLine: () => '\n' }));
  program.emit(undefined, (file, text) => out.set(path.relative(DIST_DIR, file), text));
  return out;
}

/** Every file of a folder, relative to it. */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { document, schema } = await generateSources();
  const dist = buildDist(schema);
  fs.writeFileSync(DOCUMENT_FILE, document);
  fs.writeFileSync(SCHEMA_FILE, schema);
  fs.rmSync(DIST_DIR, { recursive: true, force: true });
  for (const [file, text] of dist) {
    fs.mkdirSync(path.dirname(path.join(DIST_DIR, file)), { recursive: true });
    fs.writeFileSync(path.join(DIST_DIR, file), text);
  }
  const rel = (p: string) => path.relative(process.cwd(), p) || '.';
  process.stdout.write(`wrote ${rel(DOCUMENT_FILE)}, ${rel(SCHEMA_FILE)} and ${rel(DIST_DIR)} (${dist.size} files)\n`);
}
