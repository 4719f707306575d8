// No integration, e2e or reliability test sets a timeout of its own below its project's (vitest.config.ts): those
// timeouts are sized for a machine five times slower than a loaded 2-core one, and a shorter one
// made a test fail only because the machine was busy. The checker is shown to fail on planted text.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.js';
import { ROOT } from '../helpers/env.js';

/** The project's own test timeout, from vitest.config.ts. */
function projectTimeout(name: string): number {
  const projects = (config.test?.projects ?? []) as { test?: { name?: string; testTimeout?: number } }[];
  const t = projects.find((p) => p.test?.name === name)?.test?.testTimeout;
  if (!t) throw new Error(`no testTimeout for the ${name} project in vitest.config.ts`);
  return t;
}

// `}, 60_000);` ending an it()/test() call: at least the project's timeout
const TRAILING = /^\s*\}, (\d[\d_]*)\);\s*(\/\/.*)?$/;
// `timeout: 5000`: a test's options, a wait's deadline (vi.waitFor, a page locator) or a process's
// kill timer (spawnSync): at least 100 s, as a hook process in a test (`timeoutMs` is a product setting)
const OPTION = /\btimeout:\s*(\d[\d_]*)/;
const WAIT_FLOOR = 100_000;

const ms = (digits: string) => Number(digits.replaceAll('_', ''));

/** `path:line: text` of each timeout in `text` below its floor (`floor`: the project's timeout). */
export function shortTimeouts(path: string, text: string, floor: number): string[] {
  const hits: string[] = [];
  text.split('\n').forEach((line, i) => {
    const trailing = TRAILING.exec(line);
    const option = OPTION.exec(line);
    if ((trailing && ms(trailing[1]!) < floor) || (option && ms(option[1]!) < Math.min(floor, WAIT_FLOOR)))
      hits.push(`${path}:${i + 1}: ${line.trim()}`);
  });
  return hits;
}

function filesOf(project: string): { path: string; text: string }[] {
  const dir = join(ROOT, 'test', project);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({ path: `test/${project}/${f}`, text: readFileSync(join(dir, f), 'utf8') }));
}

describe('tests keep their project timeouts', () => {
  for (const project of ['integration', 'e2e', 'reliability']) {
    it(`no ${project} test sets a timeout below the project's (fix: drop it; a wait's deadline or a kill timer is 100 s or more)`, () => {
      const floor = projectTimeout(project);
      const hits = filesOf(project).flatMap((f) => shortTimeouts(f.path, f.text, floor));
      expect(hits).toEqual([]);
    });
  }

  it('the checker finds a planted short timeout, in each spelling, and passes a long one', () => {
    const planted = [
      "it('x', async () => {",
      '  await x();',
      '}, 20_000);',
      "it('y', { timeout: 5000 }, () => {});",
      'spawnSync(x, [], {',
      '  timeout: 60_000,',
      '});',
    ].join('\n');
    expect(shortTimeouts('p.ts', planted, 300_000)).toEqual([
      'p.ts:3: }, 20_000);',
      "p.ts:4: it('y', { timeout: 5000 }, () => {});",
      'p.ts:6: timeout: 60_000,',
    ]);
    expect(
      shortTimeouts(
        'p.ts',
        'it("x", () => {\n}, 900_000);\nawait w({ timeout: 120_000 });\nspawnSync(x, [], { timeoutMs: 50 });\n',
        300_000,
      ),
    ).toEqual([]);
    // inside a string (a script a test writes), not the end of a call
    expect(shortTimeouts('p.ts', '  }, 20);`,\n', 300_000)).toEqual([]);
  });
});
