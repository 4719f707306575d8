// A test file that skips because the machine lacks something says so at the end of the run: one line
// per reason, counting the skipped tests of the files that gave it (test/helpers/skip-reporter.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestModule } from 'vitest/node';
import { noteSkip, SKIP_NOTES_VAR, type SkipNote } from '../helpers/skip-notes.js';
import { skipLines } from '../helpers/skip-reporter.js';

/** A finished test file as the reporter sees it: its path and the state of each test. */
const mod = (moduleId: string, states: string[]) =>
  ({
    moduleId,
    children: { allTests: () => states.map((state) => ({ result: () => ({ state }) })) },
  }) as unknown as TestModule;

const saved = process.env[SKIP_NOTES_VAR];
afterEach(() => {
  if (saved === undefined) delete process.env[SKIP_NOTES_VAR];
  else process.env[SKIP_NOTES_VAR] = saved;
});

describe('skipped tests say why, in one line per reason', () => {
  it('counts the skipped tests of every file that noted the same reason', () => {
    const pg = 'PostgreSQL not reachable on 127.0.0.1:5432 (CI installs and starts it: .ci/run)';
    const notes: SkipNote[] = [
      { file: '/r/test/e2e/dashboard.test.ts', what: 'dashboard', reason: '/usr/bin/chromium not found' },
      { file: '/r/test/integration/team-sync.test.ts', what: 'team store', reason: pg },
      { file: '/r/test/integration/team-rls.test.ts', what: 'team store', reason: pg },
    ];
    const modules = [
      mod('/r/test/e2e/dashboard.test.ts', Array(12).fill('skipped')),
      mod('/r/test/integration/team-sync.test.ts', Array(10).fill('skipped')),
      mod('/r/test/integration/team-rls.test.ts', ['skipped', 'skipped']),
      mod('/r/test/integration/other.test.ts', ['skipped', 'passed']), // skipped for its own reasons
    ];
    expect(skipLines(notes, modules)).toEqual([
      'skipped 12 dashboard tests: /usr/bin/chromium not found',
      `skipped 12 team store tests: ${pg}`,
    ]);
  });

  it('prints nothing when the noted files ran (or were not part of this run)', () => {
    const notes: SkipNote[] = [{ file: '/r/a.test.ts', what: 'dashboard', reason: 'x' }];
    expect(skipLines(notes, [mod('/r/a.test.ts', ['passed'])])).toEqual([]);
    expect(skipLines(notes, [])).toEqual([]);
  });

  it("noteSkip appends the file's path and reason to the run's notes file", () => {
    const dir = mkdtempSync(join(tmpdir(), 'sg-skip-'));
    try {
      process.env[SKIP_NOTES_VAR] = join(dir, 'notes.jsonl');
      noteSkip(pathToFileURL('/r/test/e2e/dashboard.test.ts').href, 'dashboard', 'no browser');
      const lines = readFileSync(join(dir, 'notes.jsonl'), 'utf8').trim().split('\n');
      expect(lines.map((l) => JSON.parse(l) as SkipNote)).toEqual([
        { file: '/r/test/e2e/dashboard.test.ts', what: 'dashboard', reason: 'no browser' },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
