// Writes the generated parts of docs/configuration.md from the configuration registry
// (scripts/config-docs.ts). Usage: npm run gen:config
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundle, ROOT } from '../bench/kb-build.mjs';

const m = await bundle('config-docs', `export * from './scripts/config-docs.ts';`);
const file = join(ROOT, 'docs', 'configuration.md');
const before = readFileSync(file, 'utf8');
const after = m.renderConfigDoc(before);
if (after !== before) writeFileSync(file, after);
console.log(after === before ? 'docs/configuration.md is up to date' : 'docs/configuration.md written');
