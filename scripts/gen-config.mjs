// Writes the generated parts of docs/configuration.md and docs/config.schema.json from the
// configuration registry (scripts/config-docs.ts). Usage: npm run gen:config
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundle, ROOT } from '../bench/kb-build.mjs';

const m = await bundle('config-docs', `export * from './scripts/config-docs.ts';`);
const write = (name, render) => {
  const file = join(ROOT, 'docs', name);
  let before = null;
  try {
    before = readFileSync(file, 'utf8');
  } catch {}
  const after = render(before);
  if (after !== before) writeFileSync(file, after);
  console.log(after === before ? `docs/${name} is up to date` : `docs/${name} written`);
};
write('config.schema.json', () => m.renderConfigSchemaFile());
write('configuration.md', (before) => m.renderConfigDoc(before));
