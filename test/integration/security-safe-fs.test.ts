// Issue #12.1: the safe file-system primitives (src/common/safe-fs.ts) and the places outside the
// shared context that write under a project or the data home (apply, the hook log), with real
// files and symlinks.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook } from '../helpers/hook-proc.js';
import {
  appendFileIn,
  dirState,
  ensureDirIn,
  isInside,
  readRegular,
  readTextIn,
  removeTreeIn,
  UnsafePathError,
  writeFileAtomicIn,
} from '../../src/common/safe-fs.js';
import { writableProjectRoot } from '../../src/common/project-root.js';
import { compileSafeRegex, regexProblem } from '../../src/common/safe-regex.js';
import { ApplyError, planApply, writePlan } from '../../src/analysis/apply.js';
import { validateAnswer } from '../../src/analysis/answer.js';

let t: TempEnv;
let outside: string;

beforeEach(() => {
  t = tempEnv('sg-safefs-');
  outside = join(t.dir, 'outside');
  mkdirSync(outside);
  writeFileSync(join(outside, 'keep.txt'), 'keep\n');
});
afterEach(() => t.cleanup());

describe('#12.1 safe-fs primitives', () => {
  it('#12.1 isInside compares whole components', () => {
    expect(isInside('/a/b', '/a/b/c')).toBe(true);
    expect(isInside('/a/b', '/a/b')).toBe(true);
    expect(isInside('/a/b', '/a/bc')).toBe(false);
    expect(isInside('/a/b', '/a/b/../c')).toBe(false);
  });

  it('#12.1 removeTreeIn unlinks symlinks inside the tree and never enters them', () => {
    const tree = join(t.project, 'tree');
    mkdirSync(join(tree, 'sub'), { recursive: true });
    writeFileSync(join(tree, 'sub', 'f'), 'x');
    symlinkSync(outside, join(tree, 'sub', 'link-to-outside'));
    symlinkSync(join(outside, 'keep.txt'), join(tree, 'file-link'));
    expect(removeTreeIn(t.project, tree)).toBe(true);
    expect(existsSync(tree)).toBe(false);
    expect(readdirSync(outside)).toEqual(['keep.txt']);
    expect(readFileSync(join(outside, 'keep.txt'), 'utf8')).toBe('keep\n');
  });

  it('#12.1 removeTreeIn refuses a path reached through a symlink, outside the root, or the root itself', () => {
    symlinkSync(outside, join(t.project, 'via'));
    expect(() => removeTreeIn(t.project, join(t.project, 'via', 'keep.txt'))).toThrow(UnsafePathError);
    expect(() => removeTreeIn(t.project, outside)).toThrow(UnsafePathError);
    expect(() => removeTreeIn(t.project, t.project)).toThrow(UnsafePathError);
    // The link itself (a direct entry) is removed as a link.
    expect(removeTreeIn(t.project, join(t.project, 'via'))).toBe(true);
    expect(readFileSync(join(outside, 'keep.txt'), 'utf8')).toBe('keep\n');
  });

  it('#12.1 ensureDirIn creates one component at a time and refuses a symlink on the way', () => {
    expect(ensureDirIn(t.project, join(t.project, 'a', 'b'))).toBe(true);
    expect(ensureDirIn(t.project, join(t.project, 'a', 'b'))).toBe(false);
    symlinkSync(outside, join(t.project, 'link'));
    expect(() => ensureDirIn(t.project, join(t.project, 'link', 'x'))).toThrow(UnsafePathError);
    expect(existsSync(join(outside, 'x'))).toBe(false);
    expect(() => ensureDirIn(join(t.dir, 'missing-root'), join(t.dir, 'missing-root', 'x'))).toThrow(
      UnsafePathError,
    );
    expect(existsSync(join(t.dir, 'missing-root'))).toBe(false);
    expect(dirState(t.project, join(t.project, 'link'))).toBe('unsafe');
    expect(dirState(t.project, join(t.project, 'nope'))).toBe('missing');
    expect(dirState(t.project, join(t.project, 'a', 'b'))).toBe('ok');
  });

  it('#12.1 writeFileAtomicIn and appendFileIn refuse a symlink at the file and leave its target alone', () => {
    const link = join(t.project, 'f.md');
    symlinkSync(join(outside, 'keep.txt'), link);
    expect(() => writeFileAtomicIn(t.project, link, 'new')).toThrow(UnsafePathError);
    expect(() => appendFileIn(t.project, link, 'more')).toThrow();
    expect(readFileSync(join(outside, 'keep.txt'), 'utf8')).toBe('keep\n');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    // No temp file is left behind.
    expect(readdirSync(t.project).filter((n) => n.includes('.tmp-'))).toEqual([]);
    // A regular file is replaced atomically.
    writeFileAtomicIn(t.project, join(t.project, 'g.md'), 'one');
    writeFileAtomicIn(t.project, join(t.project, 'g.md'), 'two');
    appendFileIn(t.project, join(t.project, 'g.md'), '+');
    expect(readFileSync(join(t.project, 'g.md'), 'utf8')).toBe('two+');
  });

  it('#12.3 readRegular reads regular files only, at most maxBytes (head or tail)', () => {
    const f = join(t.project, 'big.txt');
    writeFileSync(f, 'line1\nline2\nline3\n');
    expect(readRegular(f, { maxBytes: 5 })!.data.toString()).toBe('line1');
    expect(readRegular(f, { maxBytes: 6, tail: true })!.data.toString()).toBe('line3\n');
    expect(readRegular(f, { maxBytes: 6 })!.truncated).toBe(true);
    expect(readRegular(t.project)).toBeNull(); // a folder
    expect(readRegular('/dev/zero')).toBeNull(); // a device
    symlinkSync(join(outside, 'keep.txt'), join(t.project, 'l.txt'));
    expect(readRegular(join(t.project, 'l.txt'), { noFollow: true })).toBeNull();
    expect(readTextIn(t.project, join(t.project, 'l.txt'))).toBeNull();
  });

  it('#12.1 writableProjectRoot: relative, empty or missing cwd → null; an existing absolute folder → its real path', () => {
    const env = { ...t.env };
    delete env.CLAUDE_PROJECT_DIR;
    expect(writableProjectRoot('../../..', t.project, env)).toBeNull();
    expect(writableProjectRoot(join(t.dir, 'nope'), join(t.dir, 'nope'), env)).toBeNull();
    expect(writableProjectRoot('', t.project, env)).toBeNull();
    expect(writableProjectRoot(t.project, t.project, env)).toBe(t.project);
    expect(writableProjectRoot(t.project, t.project, { ...env, CLAUDE_PROJECT_DIR: 'rel/dir' })).toBeNull();
  });
});

describe('#12.3 user regexes run in linear time', () => {
  it('#12.3 compileSafeRegex: `(a+)+$` answers on a long input; look-around and back-references are refused', () => {
    const re = compileSafeRegex('(a+)+$', { ignoreCase: true });
    expect(re.test('a'.repeat(9_000) + '!')).toBe(false);
    expect(re.test('AAAA')).toBe(true);
    // Longer than the bound: no match rather than a match on a cut input.
    expect(re.test('a'.repeat(20_000))).toBe(false);
    expect(regexProblem('(?<=Bug: )\\w+')).toMatch(/look-around/);
    expect(regexProblem('(\\w)\\1')).toBeTruthy();
    expect(regexProblem('(')).toBeTruthy();
    expect(regexProblem('^Bash$')).toBeNull();
  });
});

describe('#12.1 apply never writes outside the project folder', () => {
  const suggestions = () =>
    validateAnswer(
      {
        suggestions: [
          { type: 'claude_md', rule: 'Rule A.', project: 'proj' },
          {
            type: 'skill',
            rule: 'use the skill',
            project: 'proj',
            skill: { name: 'fix-it', description: 'Fix it', body: '1. fix' },
          },
        ],
      },
      'proj',
    ).suggestions;

  it('#12.1 a project whose `.claude` is a symlink: a skill is not written through it', () => {
    symlinkSync(outside, join(t.project, '.claude'));
    const [, skill] = suggestions();
    expect(() => writePlan(planApply(skill!, { projectDir: t.project }))).toThrow(ApplyError);
    expect(readdirSync(outside)).toEqual(['keep.txt']);
  });

  it('#12.1 a symlinked CLAUDE.md: its target is neither read into the plan nor changed', () => {
    symlinkSync(join(outside, 'keep.txt'), join(t.project, 'CLAUDE.md'));
    const [rule] = suggestions();
    expect(() => planApply(rule!, { projectDir: t.project })).toThrow(/symlink/);
    expect(readFileSync(join(outside, 'keep.txt'), 'utf8')).toBe('keep\n');
  });

  it('#12.1 a project folder that does not exist is not created', () => {
    const [rule] = suggestions();
    const missing = join(t.dir, 'gone', 'proj');
    expect(() => writePlan(planApply(rule!, { projectDir: missing }))).toThrow(/does not exist/);
    expect(existsSync(join(t.dir, 'gone'))).toBe(false);
  });
});

describe('#12.1 the data home', () => {
  it('#12.1 a `logs` symlink inside the data home: the hook log is not written through it', async () => {
    mkdirSync(t.home, { recursive: true });
    symlinkSync(outside, join(t.home, 'logs'));
    mkdirSync(join(t.project, '.claude'));
    // An unknown key makes the shared context log a line (SELF_GEN_DEBUG=1).
    writeFileSync(join(t.project, '.claude', 'shared-context-config.json'), '{"bogusKey": 1}');
    const env = {
      ...t.env,
      CLAUDE_PROJECT_DIR: t.project,
      SELF_GEN_DEBUG: '1',
      SELF_GEN_NO_BACKGROUND: '1',
      SELF_GEN_NO_DAEMON: '1',
    };
    const r = await runHook(
      'SessionStart',
      { session_id: 's1', hook_event_name: 'SessionStart', cwd: t.project, source: 'startup' },
      env,
    );
    expect(r.code).toBe(0);
    expect(readdirSync(outside)).toEqual(['keep.txt']);
  });
});
