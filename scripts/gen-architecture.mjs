// Writes the generated section of docs/architecture.md (the map of src/: a graph of its folders in
// their layers and a table of them) from the code (scripts/architecture-doc.ts).
// Usage: npm run gen:architecture
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundle, ROOT } from '../bench/kb-build.mjs';

const m = await bundle('architecture-doc', `export * from './scripts/architecture-doc.ts';`);
const file = join(ROOT, 'docs', 'architecture.md');
const before = readFileSync(file, 'utf8');
const after = m.renderArchitectureDoc(before, ROOT);
if (after !== before) writeFileSync(file, after);
console.log(after === before ? 'docs/architecture.md is up to date' : 'docs/architecture.md written');
