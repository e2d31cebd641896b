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
  failed += report.numFailedTests + (report.numFailedTestSuites ?? 0) - countSuitesWithFailedTests(report);
  skipped += report.numPendingTests + report.numTodoTests;
}
console.log(
  label
    ? `${label}: ${passed} passed, ${failed} failed, ${skipped} skipped`
    : `Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`,
);

// A file that failed to load counts as a failure even though it ran no test.
function countSuitesWithFailedTests(report) {
  return report.testResults.filter((suite) => suite.assertionResults.some((a) => a.status === 'failed'))
    .length;
}
