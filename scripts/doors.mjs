// One door per part: every folder directly under src/ is a part, except the shared layers (common/,
// db/, hook/) and the process entries (bin/, hosts that use parts only through their doors). A
// part's door is its index.ts; every import from outside the part goes through it.
//   --check    lists each import (static, `export … from`, `import()`) from outside a part into a
//              file of it other than its index.ts; exit 1 when there is one
//   --fix      rewrites static ones to the part's index.js and adds the re-exports they need to that
//              index.ts (one statement per name, each with a one-line doc comment); a dynamic
//              import() is only reported: make it static in a module that is itself loaded lazily
//              (a door imported by a dynamic import() puts the whole part into that chunk)
//   --surface  prints each part's surface: its exported names with their doc comments
// Idempotent: on a tree with no bypassing import, --fix changes nothing. Imports are read with the
// TypeScript compiler's parser (typescript is a devDependency), never with regular expressions.
import { fileURLToPath } from 'node:url';
import { doorViolations, readSources, surface, undocumented } from './doors-read.mjs';
import { fix } from './doors-fix.mjs';

export * from './doors-read.mjs';
export { fix, mergeDoorImports, planFix } from './doors-fix.mjs';

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const mode = process.argv[2];
  if (mode === '--check') {
    const v = [
      ...doorViolations(readSources()),
      ...undocumented(readSources()).map((l) => `${l} (no doc comment)`),
    ];
    for (const l of v) console.log(l);
    console.log(
      v.length
        ? `${v.length} import(s) bypassing a door or undocumented name(s): npm run gen:doors`
        : 'every import goes through a door',
    );
    process.exitCode = v.length ? 1 : 0;
  } else if (mode === '--fix') {
    const { changed, left } = await fix();
    for (const f of changed) console.log(`wrote ${f}`);
    for (const l of left) console.log(`left: ${l}`);
    process.exitCode = left.length ? 1 : 0;
  } else if (mode === '--surface') {
    for (const l of surface(readSources())) console.log(l);
  } else {
    console.error('usage: node scripts/doors.mjs --check | --fix | --surface');
    process.exitCode = 2;
  }
}
