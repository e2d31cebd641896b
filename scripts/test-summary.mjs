// Prints one plain closing line from Vitest JSON reports: "Tests: N passed, N failed, N skipped".
// With a label as the last argument, prints that run's line; with only files, the line for all of them.
import { existsSync, readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const files = args.filter((arg) => arg.endsWith('.json'));
const label = args.find((arg) => !arg.endsWith('.json'));
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of files) {
  if (!existsSync(file)) {
    failed++;
    console.log(`${file}: no report (the test run did not finish)`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests + countFilesFailedWithoutATest(report);
  skipped += report.numPendingTests + report.numTodoTests;
}
console.log(
  label
    ? `${label}: ${passed} passed, ${failed} failed, ${skipped} skipped`
    : `Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`,
);

// A file that failed to load (or in a hook) counts as a failure even though no test failed in it. The
// report's suite counts cannot be used: they count each describe block as a suite, beside its file.
function countFilesFailedWithoutATest(report) {
  return report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
}
