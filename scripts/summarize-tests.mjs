#!/usr/bin/env node
// Adds up vitest and Playwright JSON reports into one closing line CI can read.
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
// The failures by name, printed last: CI keeps only the tail of the log, so the summary must say what failed.
const failures = [];
const firstLines = (text) =>
  String(text ?? "")
    .split("\n")
    .slice(0, 6)
    .join("\n    ");
function playwrightFailures(suites, path = []) {
  for (const suite of suites ?? []) {
    const where = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected") continue;
        const last = test.results?.at(-1);
        failures.push(
          `${[...where, spec.title].join(" > ")} [${test.projectName}]\n    ${firstLines(last?.error?.message)}`,
        );
      }
    }
    playwrightFailures(suite.suites, where);
  }
}
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, "utf8"));
  if (report.stats) {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    console.log(`${file}: ${report.stats.expected} passed, ${report.stats.unexpected} failed`);
    playwrightFailures(report.suites);
  } else {
    passed += report.numPassedTests;
    // A suite that failed to load has no failed test of its own: count it once.
    failed += report.numFailedTests || (report.numFailedTestSuites ?? 0);
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
    for (const suite of report.testResults ?? []) {
      const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === "failed");
      for (const test of failedTests)
        failures.push(`${suite.name} > ${test.fullName}\n    ${firstLines(test.failureMessages?.[0])}`);
      if (suite.status === "failed" && failedTests.length === 0)
        failures.push(`${suite.name}\n    ${firstLines(suite.message)}`);
    }
  }
}
for (const failure of failures) console.log(`failed: ${failure}`);
console.log(`total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
