// Prints the plain closing line CI reads: "N passed, N failed, N skipped".
import { readFileSync } from 'node:fs';
try {
  const r = JSON.parse(readFileSync(process.argv[2], 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
} catch (e) {
  console.log(`tests: no results (${e.message})`);
  process.exitCode = 1;
}
