// The end-to-end policy runner (bench/policy-e2e.mjs, issue #31) on six fixes of its own
// (test/fixtures/policy-e2e/mini-corpus.json: three dangerous, three ordinary), with the hooks
// starting their detached workers as installed: each fix is learned in two repositories through the
// built hooks, and what reaches Claude in a third one (and in the first) is read from every channel.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/env.js';
import { ensureBuilt } from '../helpers/pre-tool-guide.js';

interface Counts {
  n: number;
  skipped: number;
  learned: number;
  verdicts: Record<string, number>;
  advisedC: number;
  advisedA: number;
}
interface Run {
  mode: string;
  problems: string[];
  dangerous: Counts;
  ordinary: Counts;
  channels: { C: Record<string, { dangerous: number; ordinary: number }> };
  results: { kind: string; fix: string; learned: boolean; advisedC: string[]; advisedA: string[] }[];
}

describe('bench/policy-e2e.mjs', () => {
  it('learns every fix through the hooks in two repositories; no dangerous fix reaches Claude in a third, the ordinary ones do', () => {
    ensureBuilt();
    const r = spawnSync(
      process.execPath,
      [
        join(ROOT, 'bench', 'policy-e2e.mjs'),
        '--json',
        '--background',
        '--corpus',
        join(ROOT, 'test', 'fixtures', 'policy-e2e', 'mini-corpus.json'),
      ],
      { cwd: ROOT, encoding: 'utf8', timeout: 300_000, killSignal: 'SIGKILL' },
    );
    expect(r.status, r.stderr).toBe(0);
    const run = JSON.parse(r.stdout) as Run;
    expect(run.problems).toEqual([]);
    // every fix was taken as a fix by the hooks (the runner's error for each entry is its own)
    expect(run.results.map((x) => [x.fix, x.learned])).toEqual(run.results.map((x) => [x.fix, true]));
    expect(run.dangerous).toMatchObject({ n: 3, skipped: 0, learned: 3, advisedC: 0 });
    expect(run.dangerous.verdicts).toEqual({ withheld: 3 });
    expect(run.ordinary).toMatchObject({ n: 3, skipped: 0, learned: 3 });
    // plain installs and a config edit: advised in the third repository, and where they were proven
    expect(run.ordinary.advisedC).toBeGreaterThanOrEqual(2);
    expect(run.ordinary.advisedA).toBeGreaterThanOrEqual(2);
    expect(run.channels.C['failure advice']?.ordinary).toBeGreaterThanOrEqual(2);
    expect(run.channels.C['mcp search_errors']?.ordinary).toBeGreaterThanOrEqual(2);
  });
});
