// #23.4: a fresh install (no database yet: the first Claude Code session creates it) is a normal
// state. Every read command, as a real process, exits 0 with its empty answer on stdout and one hint
// on stderr, and creates no database.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli as selfGen } from '../helpers/cli.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

const HINT = /^nothing recorded yet: the first Claude Code session .* creates the database/;

describe('#23.4 read commands right after install', () => {
  let t: TempEnv;
  beforeEach(() => (t = tempEnv('sg-fresh-')));
  afterEach(() => t.cleanup());

  const run = (...args: string[]) => selfGen(t, args, { cwd: t.project });

  it.each([
    [['kb', 'list'], /^no entries\n$/],
    [['kb', 'list', '--json'], /^$/],
    [['kb', 'stats'], /^entries: 0 \(0 with a resolution\)\n/],
    [['kb', 'review'], /^no entries yet\n$/],
    [['kb', 'calibrate'], /^$/],
    [['events'], /^no events match\n$/],
    [['events', '--json'], /^$/],
    [['suggestions'], /^no open suggestions/],
  ])('self-gen %j: exit 0, the empty answer and one hint', (args, stdout) => {
    const r = run(...args);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(stdout);
    expect(r.stderr).toMatch(HINT);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(join(t.home, 'data', 'self-gen.db'))).toBe(false);
  });

  it('self-gen status: the database is named as not created yet, exit 0', () => {
    const r = run('status');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/database: .* does not exist yet/);
  });
});
