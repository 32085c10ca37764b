// Adds up the JSON reports of every test run of `npm test` into one closing line.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0,
  failed = 0,
  skipped = 0;
// Steps that failed (type-check, build, a runner that crashed before its report) count as failures.
const failedSteps = fs.existsSync(path.join(dir, 'failed-steps')) ? fs.readFileSync(path.join(dir, 'failed-steps'), 'utf8').split('\n').filter(Boolean) : [];
for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const r = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
  if ('numPassedTests' in r) {
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    if (!r.success && r.numFailedTests === 0) failed += 1; // a suite that failed to load
  } else if (r.stats) {
    passed += r.stats.expected;
    failed += r.stats.unexpected + (r.stats.flaky ?? 0);
    skipped += r.stats.skipped;
    failed += (r.errors ?? []).length; // e.g. the web server did not start
  }
}
// A failed step whose runner reported its failures is already counted; one that reported nothing counts once.
const reported = failed;
for (const step of failedSteps) console.error(`step failed: ${step}`);
if (failedSteps.length && reported === 0) failed += failedSteps.length;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (passed === 0) {
  console.error('No test ran.');
  process.exit(1);
}
process.exit(failed || failedSteps.length ? 1 : 0);
