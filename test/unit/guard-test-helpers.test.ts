// Tests start the built CLI (dist/cli.js) through test/helpers/cli.ts only (`cli`, `cliAsync`,
// `cliProcess`, `cliOnTty`): no test file outside test/helpers both starts a process and names the
// CLI's entry. The checker is shown to fail on planted text.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/env.js';

// Spelled in parts so that this file does not match itself.
const ENTRY = ['CLI', 'JS'].join('_');
const START = ['spawn', 'spawnSync', 'execFile', 'execFileSync', 'exec', 'execSync', 'fork'];
const STARTS = new RegExp(`(?<![\\w.])(?:${START.join('|')})\\s*\\(|\\bchildProcess\\.\\w+\\(`);
// …or the path as a string: 'dist/cli.js', or 'cli.js' as a part of join(…).
const NAMES_CLI = new RegExp(`\\b${ENTRY}\\b|['"\`]([^'"\`\\n]*/)?dist/cli\\.js['"\`]|['"\`]cli\\.js['"\`]`);

/** Files that start a process named by the CLI's entry, and why they may. */
const ALLOWED: Record<string, string> = {
  'test/e2e/npx-pack.test.ts': "the packed tarball's file list names dist/cli.js; it runs the installed bin",
  'test/integration/embed-runtime.test.ts': 'runs a copy of dist/ outside the checkout',
  'test/integration/orch-cli.test.ts': "hands the CLI's path to examples/orchestrator/run.sh",
};

/** `path: line` of each file outside test/helpers that starts a process and names the CLI's entry. */
function selfStarted(files: { path: string; text: string }[]): string[] {
  const hits: string[] = [];
  for (const { path, text } of files) {
    if (path.startsWith('test/helpers/')) continue;
    const code = text.split('\n').map((l) => (/^\s*(\/\/|\*)/.test(l) ? '' : l));
    const start = code.findIndex((l) => STARTS.test(l));
    const entry = code.findIndex((l) => NAMES_CLI.test(l));
    if (start >= 0 && entry >= 0) hits.push(`${path}:${entry + 1}: ${code[entry]!.trim().slice(0, 120)}`);
  }
  return hits;
}

function testFiles(): { path: string; text: string }[] {
  const files: { path: string; text: string }[] = [];
  const walk = (abs: string): void => {
    for (const d of readdirSync(abs, { withFileTypes: true })) {
      const p = join(abs, d.name);
      if (d.isDirectory() && d.name !== 'fixtures' && d.name !== 'artifacts') walk(p);
      else if (d.isFile() && /\.[cm]?[jt]s$/.test(d.name))
        files.push({ path: relative(ROOT, p), text: readFileSync(p, 'utf8') });
    }
  };
  walk(join(ROOT, 'test'));
  return files;
}

describe('test files start the CLI through test/helpers/cli.ts', () => {
  it('no test file outside test/helpers spawns dist/cli.js itself (fix: use cli/cliAsync/cliProcess)', () => {
    const hits = selfStarted(testFiles()).filter((h) => !(h.split(':')[0]! in ALLOWED));
    expect(hits, 'fix: run the CLI with cli(), cliAsync() or cliProcess() of test/helpers/cli.ts').toEqual(
      [],
    );
  });

  it('every allowed exception still needs its exception', () => {
    const hits = new Set(selfStarted(testFiles()).map((h) => h.split(':')[0]));
    expect(Object.keys(ALLOWED).filter((f) => !hits.has(f))).toEqual([]);
  });

  it('the checker finds a planted violation, and lets the helpers and their callers be', () => {
    const call = `${START[1]}(process.execPath, [${ENTRY}, 'doctor'], { env })`;
    const planted = [
      {
        path: 'test/integration/x.test.ts',
        text: `import { ${ENTRY} } from '../helpers/env.js';\nconst r = ${call};`,
      },
      {
        path: 'test/e2e/y.test.ts',
        text: `const c = ${START[0]}(node, [join(ROOT, 'dist', 'cli.js'), 'ui']);`,
      },
      {
        path: 'test/reliability/z.test.ts',
        text: `const r = ${START[3]}(process.execPath, ['dist/cli.js']);`,
      },
    ];
    expect(selfStarted(planted).map((h) => h.split(':').slice(0, 2).join(':'))).toEqual([
      'test/integration/x.test.ts:1',
      'test/e2e/y.test.ts:1',
      'test/reliability/z.test.ts:1',
    ]);
    expect(
      selfStarted([
        { path: 'test/helpers/cli.ts', text: `const r = ${call};` },
        {
          path: 'test/integration/ok.test.ts',
          text: "const r = cli(t, ['doctor']);\nconst m = /a/.exec(s);",
        },
        { path: 'test/integration/names.test.ts', text: `expect(existsSync(${ENTRY})).toBe(true);` },
        { path: 'test/integration/comment.test.ts', text: `// ${call}\nconst r = cli(t, ['doctor']);` },
      ]),
    ).toEqual([]);
  });
});
