// #12.1 guard: every file write or delete under src/ goes through src/common/safe-fs.ts, or carries a
// one-line `fs-safe: <why>` comment on the line or up to two lines above it, or sits in a block
// between `// fs-safe-begin: <why>` and `// fs-safe-end` (a temp folder we just made with mkdtemp,
// a lock file opened with O_EXCL in a checked folder…). A new raw call fails this test.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, cpSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ROOT } from '../helpers/env.js';

/** The only file allowed raw calls without a comment: the helpers themselves. */
const ALLOWED_FILES = new Set(['src/common/safe-fs.ts']);

const RAW =
  /\b(writeFileSync|appendFileSync|rmSync|unlinkSync|renameSync|mkdirSync|rmdirSync|copyFileSync|cpSync|symlinkSync|linkSync|truncateSync|chmodSync|utimesSync|mkdtempSync|createWriteStream)\s*\(/;
/** The promise API (fs.promises / node:fs/promises) under its usual names. */
const RAW_ASYNC =
  /\b(?:fs|fsp|promises)\.(writeFile|appendFile|rm|unlink|rename|mkdir|rmdir|copyFile|cp|symlink|truncate|chmod|mkdtemp)\s*\(|from 'node:fs\/promises'/;
/** openSync with a writing flag. */
const OPEN_WRITE = /\bopenSync\s*\([^)]*(?:'[wa]x?\+?'|O_WRONLY|O_RDWR|O_CREAT)/;
const COMMENT = /fs-safe:/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? sources(p) : /\.(c|m)?ts$/.test(n) ? [p] : [];
  });
}

/** `file:line: code` for each raw write/delete call without its justification. */
function violations(root: string): string[] {
  const out: string[] = [];
  for (const file of sources(join(root, 'src'))) {
    const rel = relative(root, file).split('\\').join('/');
    if (ALLOWED_FILES.has(rel)) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    let block = false; // inside `// fs-safe-begin: <why>` … `// fs-safe-end`
    lines.forEach((line, i) => {
      if (/\/\/ fs-safe-begin: \S/.test(line)) block = true;
      if (/\/\/ fs-safe-end\b/.test(line)) block = false;
      if (block) return;
      const code = line.replace(/\/\/.*$/, '').trim();
      if (!code || code.startsWith('*') || code.startsWith('/*')) return;
      if (/^import\b/.test(code) && !RAW_ASYNC.test(code)) return;
      if (!RAW.test(code) && !RAW_ASYNC.test(code) && !OPEN_WRITE.test(code)) return;
      const near = lines.slice(Math.max(0, i - 2), i + 1).join('\n');
      if (!COMMENT.test(near)) out.push(`${rel}:${i + 1}: ${code}`);
    });
  }
  return out;
}

describe('#12.1 guard: no raw fs write/delete call under src/ outside safe-fs or a justified place', () => {
  it('src/ has none', () => {
    expect(violations(ROOT)).toEqual([]);
  });

  it('a deliberate violation in a copy of src/ is found (the guard can fail)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sg-guard-'));
    try {
      cpSync(join(ROOT, 'src'), join(dir, 'src'), { recursive: true });
      const f = join(dir, 'src', 'orchestrator', 'ledger.ts');
      writeFileSync(
        f,
        readFileSync(f, 'utf8') +
          "\nexport function bad(p: string): void {\n  require('node:fs').writeFileSync(p, 'x');\n}\n",
      );
      const v = violations(dir);
      expect(v).toHaveLength(1);
      expect(v[0]).toMatch(/^src\/orchestrator\/ledger\.ts:\d+: .*writeFileSync/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
