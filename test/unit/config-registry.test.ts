// #24 one configuration registry: every SELF_GEN_* variable the code reads is declared once
// (src/common/env-vars.ts), and docs/configuration.md's generated parts match the registry.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARS } from '../../src/common/env-vars.js';
import { renderConfigDoc } from '../../scripts/config-docs.js';
import { ROOT } from '../helpers/env.js';

const NAME = /SELF_GEN_[A-Z0-9_]*[A-Z0-9]/g;

function sources(): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (dir: string): void => {
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, d.name);
      if (d.isDirectory()) walk(p);
      else if (/\.(ts|cts|tsx|bash|sh)$/.test(d.name))
        out.push({ path: relative(ROOT, p), text: readFileSync(p, 'utf8') });
    }
  };
  walk(join(ROOT, 'src'));
  return out;
}

/** `file: NAME` for each variable read in the code but not declared; declared names never read. */
function registryProblems(files: { path: string; text: string }[], declared: string[]): string[] {
  const used = new Map<string, string>();
  for (const f of files) {
    if (f.path === join('src', 'common', 'env-vars.ts')) continue;
    for (const m of f.text.matchAll(NAME)) if (!used.has(m[0])) used.set(m[0], f.path);
  }
  // A prefix built into a name at run time (`SELF_GEN_SHARED_CONTEXT_` + key) is not a variable.
  const problems = [...used]
    .filter(([n]) => !declared.includes(n) && !declared.some((d) => d.startsWith(n + '_')))
    .map(([n, f]) => `${f}: ${n} is read but not declared in src/common/env-vars.ts`);
  for (const d of declared) if (!used.has(d)) problems.push(`${d} is declared but never read`);
  return problems.sort();
}

describe('#24 configuration registry', () => {
  const declared = ENV_VARS.map((v) => v.name as string);

  it('every SELF_GEN_* variable the code reads is declared once, and every declared one is read', () => {
    expect(new Set(declared).size).toBe(declared.length);
    expect(registryProblems(sources(), declared)).toEqual([]);
  });

  it('the check finds an undeclared variable (it can fail)', () => {
    const planted = [...sources(), { path: 'src/x.ts', text: 'process.env.SELF_GEN_SURPRISE' }];
    expect(registryProblems(planted, declared)).toEqual([
      'src/x.ts: SELF_GEN_SURPRISE is read but not declared in src/common/env-vars.ts',
    ]);
  });

  it('docs/configuration.md is what `npm run gen:config` writes', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8');
    expect(renderConfigDoc(doc)).toBe(doc);
    expect(doc).toContain('| `SELF_GEN_HOME` |');
  });
});
