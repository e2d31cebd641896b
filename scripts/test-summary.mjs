// Prints one plain closing line from Vitest JSON reports: "Tests: N passed, N failed, N skipped".
// With a label as the last argument, prints that run's line; with only files, the line for all of them.
// Each failed test is named above that line, with its file and the first line of its message, so the end of
// a long log, which is what gets read, says what failed.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const args = process.argv.slice(2);
const files = args.filter((arg) => arg.endsWith('.json'));
const label = args.find((arg) => !arg.endsWith('.json'));
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
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
  failures.push(...describeFailures(report));
}
for (const failure of failures) console.log(`FAILED ${failure}`);
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

function describeFailures(report) {
  return report.testResults.flatMap((file) => {
    const where = relative(process.cwd(), file.name);
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    if (tests.length === 0) return file.status === 'failed' ? [`${where}: ${firstLine(file.message)}`] : [];
    return tests.map((test) => `${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
}

function firstLine(text) {
  return (
    (text ?? '')
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? ''
  );
}
