// Prints the plain closing line CI reads: "N passed, N failed, N skipped", summed over the vitest
// JSON reports given (`npm test` and `npm run test:reliability` each write one).
import { readFileSync } from 'node:fs';
const files = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
for (const f of files) {
  try {
    const r = JSON.parse(readFileSync(f, 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  } catch (e) {
    missing.push(`${f}: ${e.message}`);
  }
}
if (files.length === 0 || missing.length === files.length) {
  console.log(`tests: no results (${missing.join('; ') || 'no report named'})`);
  process.exitCode = 1;
} else {
  console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  if (missing.length) {
    console.log(`tests: a report is missing (${missing.join('; ')})`);
    process.exitCode = 1;
  }
}
