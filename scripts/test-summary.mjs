// Adds up the JSON reports of every test run of `npm test` into one closing line.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0,
  failed = 0,
  skipped = 0;
/** What failed, by name, printed above the closing line: CI shows only the tail of the output. */
const failures = [];
const firstLine = (text) =>
  String(text ?? '')
    .replace(/\x1b\[[0-9;]*m/g, '')
    .trim()
    .split('\n')
    .slice(0, 3)
    .join(' | ')
    .slice(0, 400);
// Steps that failed (type-check, build, a runner that crashed before its report) count as failures.
const failedSteps = fs.existsSync(path.join(dir, 'failed-steps')) ? fs.readFileSync(path.join(dir, 'failed-steps'), 'utf8').split('\n').filter(Boolean) : [];
for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const r = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
  if ('numPassedTests' in r) {
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    if (!r.success && r.numFailedTests === 0) failed += 1; // a suite that failed to load
    for (const file of r.testResults ?? []) {
      const name = path.relative(process.cwd(), file.name ?? '');
      // A file that failed to load, or whose beforeAll/afterAll threw (its tests count as skipped).
      // (vitest's JSON has no message for a hook: its log's "Failed Suites" block, below, has it.)
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
        failures.push(`${f}: ${name}: ${file.message ? firstLine(file.message) : 'the file failed outside its tests (a beforeAll or afterAll threw)'}`);
      for (const t of file.assertionResults ?? [])
        if (t.status === 'failed') failures.push(`${f}: ${name} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    }
  } else if (r.stats) {
    passed += r.stats.expected;
    failed += r.stats.unexpected + (r.stats.flaky ?? 0);
    skipped += r.stats.skipped;
    failed += (r.errors ?? []).length; // e.g. the web server did not start
    for (const e of r.errors ?? []) failures.push(`${f}: ${firstLine(e.message)}`);
    const walk = (suite, trail) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests ?? [])
          if (t.status === 'unexpected' || t.status === 'flaky')
            failures.push(
              `${f}: ${spec.file}:${spec.line} > ${[...trail, spec.title].join(' > ')} (${t.status}): ${firstLine(t.results?.at(-1)?.error?.message)}`,
            );
      for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
    };
    for (const suite of r.suites ?? []) walk(suite, []);
  }
}
// A failed step whose runner reported its failures is already counted; one that reported nothing counts once.
const reported = failed;
if (failures.length) console.error(`\nFailed:\n${failures.map((x) => `  ${x}`).join('\n')}`);
// vitest's own account of a failed suite or test (the error and its stack), from the run's log.
for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.log'))) {
  const lines = fs
    .readFileSync(path.join(dir, f), 'utf8')
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n');
  const start = lines.findIndex((l) => /Failed (Suites|Tests) \d+/.test(l));
  if (start >= 0) console.error(`\n${f}:\n${lines.slice(start, start + 60).join('\n')}`);
}
for (const step of failedSteps) console.error(`step failed: ${step}`);
if (failedSteps.length && reported === 0) failed += failedSteps.length;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (passed === 0) {
  console.error('No test ran.');
  process.exit(1);
}
process.exit(failed || failedSteps.length ? 1 : 0);
