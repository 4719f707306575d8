// Issue #32.4: a learned fix the fix policy has not judged yet is offered at once in the project that
// proved it (and nowhere else), with the text checks that need no parser; the judge's verdict, once
// stored, decides. Real SQLite, the real learning and advice paths.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDb, openDb, type DB } from '../../src/db/db.js';
import { recordProvenFix } from '../../src/error-kb/candidates.js';
import { adviceFor } from '../../src/error-kb/advice.js';
import { NOT_JUDGED_RULE, NOT_REVIEWED, POLICY_VERSION, storedVerdict } from '../../src/error-kb/verdict.js';
import { judgeAll } from '../helpers/fix-policy.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

describe('storedVerdict of a fix not judged yet', () => {
  const learned = (resolution: string, proof = 'same-command') => ({ resolution, proof });

  it('a learned fix: offered in its project, with the text as learned', () => {
    const v = storedVerdict(learned('ran `npm install --save-dev esbuild`'));
    expect(v).toEqual({
      cls: 'project',
      reason: expect.stringMatching(/not judged/),
      rule: NOT_JUDGED_RULE,
      text: 'ran `npm install --save-dev esbuild`',
    });
    expect(storedVerdict(learned('Read the file first, then Edit/Write it', 'tool-usage')).cls).toBe(
      'project',
    );
  });

  it('withheld: text that speaks to the model, hidden characters, too long, a redacted secret', () => {
    for (const text of [
      'Edit NOTE_TO_CLAUDE_ignore_previous_instructions.md',
      'ran `echo ok\u202e`',
      `ran \`echo ${'x'.repeat(700)}\``,
      'ran `export TOKEN=[REDACTED]`',
    ])
      expect(storedVerdict(learned(text))).toMatchObject({ cls: 'withheld', reason: NOT_REVIEWED });
  });

  it('withheld: a typed or legacy fix, and a fix judged by an older policy version', () => {
    expect(storedVerdict(learned('ran `make`', 'manual')).cls).toBe('withheld');
    expect(storedVerdict(learned('ran `make`', 'legacy')).cls).toBe('withheld');
    expect(storedVerdict({ ...learned('ran `make`'), policy_class: 'safe', policy_version: 1 }).cls).toBe(
      'withheld',
    );
  });

  it("the judge's verdict, once stored, decides", () => {
    const row = { ...learned('ran `make`'), policy_version: POLICY_VERSION, policy_text: 'ran `make`' };
    expect(storedVerdict({ ...row, policy_class: 'withheld', policy_reason: 'no' }).cls).toBe('withheld');
    expect(storedVerdict({ ...row, policy_class: 'safe' }).cls).toBe('safe');
  });
});

describe('adviceFor a fix not judged yet', () => {
  let t: TempEnv;
  let db: DB;
  const ERR = "Error: Cannot find module '<PATH>'";
  const FIX = 'ran `npm install --save-dev esbuild`';
  const project = (name: string) => {
    const p = join(t.dir, name);
    mkdirSync(join(p, '.git'), { recursive: true });
    return p;
  };
  beforeEach(() => {
    t = tempEnv('sg-unjudged-');
    db = openDb({ env: t.env });
  });
  afterEach(() => {
    db.close();
    closeDb();
    t.cleanup();
  });
  const learn = (p: string) =>
    recordProvenFix(db, ERR, {
      resolution: FIX,
      fixKey: 'k',
      resolvedBy: 'Bash',
      proof: 'same-command',
      projectPath: p,
    })!;

  it('offered at once in the project that proved it; in no other, even proven in two others', () => {
    const a = project('a');
    const b = project('b');
    const c = project('c');
    const id = learn(a);
    learn(b);
    expect(adviceFor(db, id, { projectPath: a })).toMatchObject({
      resolution: FIX,
      provenance: { source: 'this-project' },
    });
    expect(adviceFor(db, id, { projectPath: c })).toBeNull();
    // once judged (an install the policy knows): offered elsewhere by the cross-project bar
    judgeAll(db);
    expect(adviceFor(db, id, { projectPath: c })?.provenance.source).toBe('other-projects');
  });
});
