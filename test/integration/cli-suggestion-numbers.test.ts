// Issue #12 item 7: the numbers `self-gen suggestions` prints stay bound to what the user saw:
// `apply 1` then `dismiss 2` dismisses what was shown as 2, also when a new analysis arrived in
// between. Real processes (node dist/cli.js) on a real database.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli as selfGen } from '../helpers/cli.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { openDb } from '../../src/db/db.js';
import { validateAnswer } from '../../src/analysis/answer.js';
import { storeAnalysis } from '../../src/analysis/cache.js';
import { GOOD_ANSWER } from '../helpers/analysis.js';

describe('suggestion numbers (#12.7)', () => {
  let t: TempEnv;
  const cli = (...args: string[]) => selfGen(t, args, { cwd: t.project });
  const ok = (...args: string[]) => {
    const r = cli(...args);
    expect(r.code, `${args.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(0);
    return r.stdout;
  };
  /** Stores an analysis of project "proj" (the temp project folder's name) with these suggestions. */
  const store = (suggestions: unknown[], ts: Date) => {
    const db = openDb({ env: t.env });
    try {
      storeAnalysis(
        db,
        {
          project: 'proj',
          days: 7,
          inputHash: `h-${ts.getTime()}`,
          analysis: { summary: '', suggestions: validateAnswer({ suggestions }, 'proj').suggestions },
        },
        ts,
      );
    } finally {
      db.close();
    }
  };
  const shown = (out: string) =>
    [...out.matchAll(/^\s*(\d+)\. \[([msh][0-9a-f]{7})\]/gm)].map((m) => [Number(m[1]), m[2]!] as const);

  beforeEach(() => {
    t = tempEnv('sg-sugg-');
    store(GOOD_ANSWER.suggestions, new Date(Date.now() - 60_000));
  });
  afterEach(() => t.cleanup());

  it('#12.7 list, apply 1, then dismiss 2 and apply 3 act on what was shown as 2 and 3', () => {
    const first = shown(ok('suggestions'));
    expect(first.map(([n]) => n)).toEqual([1, 2, 3]);
    const [[, one], [, two], [, three]] = first as [
      readonly [number, string],
      readonly [number, string],
      readonly [number, string],
    ];

    expect(ok('apply', '1', '--yes')).toContain(`applied [${one}]`);
    expect(ok('dismiss', '2')).toContain(`dismissed [${two}]`);
    expect(ok('apply', '3')).toContain(`[${three}]`);

    // Listing again keeps the numbers: the closed ones leave gaps.
    expect(shown(ok('suggestions'))).toEqual([[3, three]]);
    expect(shown(ok('suggestions', '--closed'))).toEqual(first);
  });

  it('#12.7 a new analysis between the list and the apply does not change what a number means', () => {
    const first = shown(ok('suggestions'));
    const two = first[1]![1];
    // A newer analysis with other suggestions first (as the automatic analysis may store).
    store(
      [
        { type: 'claude_md', rule: 'A brand new rule nobody has seen', summary: 'x', project: 'proj' },
        ...GOOD_ANSWER.suggestions,
      ],
      new Date(),
    );
    expect(ok('dismiss', '2')).toContain(`dismissed [${two}]`);
  });

  it('#12.7 a number that was not shown is refused with a fix, never guessed', () => {
    const before = cli('apply', '1');
    expect(before.code).toBe(1);
    expect(before.stderr).toMatch(/no list of suggestions was shown in this project yet/);
    expect(before.stderr).toMatch(/\n {2}fix: run `self-gen suggestions`/);
    ok('suggestions');
    const r = cli('dismiss', '7');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no suggestion was shown as number 7/);
  });
});
