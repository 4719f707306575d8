// Writes docs/fix-policy-rules.md from the fix policy's rule table and grammars. Usage: npm run gen:policy
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundle, ROOT } from '../bench/kb-build.mjs';

const m = await bundle('policy-rules', `export { renderPolicyRules } from './src/fix-policy/rules-doc.ts';`);
const file = join(ROOT, 'docs', 'fix-policy-rules.md');
let before = null;
try {
  before = readFileSync(file, 'utf8');
} catch {}
const after = m.renderPolicyRules();
if (after !== before) writeFileSync(file, after);
console.log(after === before ? 'docs/fix-policy-rules.md is up to date' : 'docs/fix-policy-rules.md written');
