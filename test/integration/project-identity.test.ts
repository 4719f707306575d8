// A project is its repository, and trust cannot be claimed (docs/security.md, "Project identity"):
// sub-folders and worktrees of one repository are one project, both for "confirmed in this project"
// and when repositories are counted for the cross-project bar; a folder that claims another
// repository (its origin URL set to it, a `.git` symlink or a `.git` file pointing at its storage)
// is merged with it when repositories are counted, and never becomes that project. Real git
// repositories (git init, worktree, clone); fixes learned and advice asked through the built hook,
// with CLAUDE_PROJECT_DIR naming the folder Claude Code was started in.
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDb, getDb } from '../../src/db/db.js';
import { adviceFor } from '../../src/error-kb/advice.js';
import { countRepositories, parseIdentity, repoIdentity, repositoryOf } from '../../src/common/repository.js';
import { gitEnv, gitProject, tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook, runWorkerJob } from '../helpers/hook-proc.js';
import { ensureBuilt, failure, norm, success } from '../helpers/pre-tool-guide.js';

const GEN = 'Exit code 127\nsh: 1: protoc-gen-ts: not found';
const SAFE = 'npm install -D protoc-gen-ts'; // every command known to the policy
const UNKNOWN = 'protoc-setup --fetch-plugins'; // a program the policy does not know: this project only

let t: TempEnv;
let repo: string;
beforeEach(() => {
  t = tempEnv('sg-identity-');
  repo = join(t.dir, 'mono');
  gitProject(repo, { remote: 'git@github.com:org/mono.git' });
  git(
    '-C',
    repo,
    '-c',
    'user.email=t@example.com',
    '-c',
    'user.name=t',
    'commit',
    '-q',
    '--allow-empty',
    '-m',
    'init',
  );
  for (const d of ['pkg-a', 'pkg-b', 'pkg-c']) mkdirSync(join(repo, d));
});
afterEach(() => {
  closeDb();
  t.cleanup();
});

function git(...args: string[]): void {
  const r = spawnSync('git', args, { encoding: 'utf8', timeout: 120_000, env: gitEnv() });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr}`);
}

/** The hook's environment when Claude Code was started in `folder`. */
const inFolder = (folder: string) => ({ ...t.env, CLAUDE_PROJECT_DIR: folder });

/** One session through the hook in `folder`: `npm run gen` fails, `fix` succeeds, `npm run gen` passes. */
async function learn(folder: string, fix: string, session: string): Promise<void> {
  const over = { session_id: session };
  for (const [event, input] of [
    ['PostToolUseFailure', failure(folder, 'Bash', { command: 'npm run gen' }, GEN, over)],
    ['PostToolUse', success(folder, 'Bash', { command: fix }, over)],
    ['PostToolUse', success(folder, 'Bash', { command: 'npm run gen' }, over)],
  ] as const) {
    const r = await runHook(event, input, inFolder(folder));
    expect(r.code).toBe(0);
  }
  runWorkerJob('fix-policy', t.env); // the verdict the hook's background job stores
}

/** What the hook tells Claude in `folder` after the same failure ('' when silent). */
async function advise(folder: string): Promise<string> {
  const r = await runHook(
    'PostToolUseFailure',
    failure(folder, 'Bash', { command: 'npm run gen' }, GEN, { session_id: 'ask' }),
    inFolder(folder),
  );
  expect(r.code).toBe(0);
  return r.stdout;
}

/** The provenance the advice filter gives in `folder` (in process, read-only). */
function sourceIn(folder: string): string | null {
  const db = getDb({ env: t.env });
  try {
    const kb = (
      db.prepare('SELECT id FROM error_kb WHERE error_normalized = ?').get(norm(GEN)) as { id: number }
    ).id;
    return adviceFor(db, kb, { projectPath: folder, count: false })?.provenance.source ?? null;
  } finally {
    closeDb();
  }
}

describe('identity from the repository files', () => {
  it('sub-folders and worktrees share the own key; a clone shares only the origin claim', () => {
    const wt = join(t.dir, 'mono-wt');
    git('-C', repo, 'worktree', 'add', '-q', wt);
    mkdirSync(join(wt, 'deep', 'er'), { recursive: true });
    const clone = join(t.dir, 'mono-clone');
    git('clone', '-q', repo, clone);
    git('-C', clone, 'remote', 'set-url', 'origin', 'https://github.com/Org/mono');
    const top = parseIdentity(repoIdentity(repo), repo);
    expect(top.own).toMatch(/^git:.*\/mono$/);
    expect(top.claims).toEqual(['remote:github.com/org/mono']);
    for (const f of [join(repo, 'pkg-a'), join(repo, 'pkg-b'), wt, join(wt, 'deep', 'er')])
      expect(parseIdentity(repoIdentity(f), f)).toEqual(top);
    expect(repositoryOf(join(wt, 'deep', 'er')).top).toBe(wt);
    const c = parseIdentity(repoIdentity(clone), clone);
    expect(c.own).not.toBe(top.own);
    expect(c.claims).toEqual(top.claims);
    expect(countRepositories([top, c])).toBe(1);
  });

  it("a `.git` symlink, or a `.git` file naming another repository's storage, gets no storage", () => {
    const wt = join(t.dir, 'mono-wt');
    git('-C', repo, 'worktree', 'add', '-q', wt);
    const linked = join(t.dir, 'linked');
    mkdirSync(linked);
    symlinkSync(join(repo, '.git'), join(linked, '.git'));
    const toMain = join(t.dir, 'to-main');
    mkdirSync(toMain);
    writeFileSync(join(toMain, '.git'), `gitdir: ${join(repo, '.git')}\n`);
    const toWorktree = join(t.dir, 'to-worktree');
    mkdirSync(toWorktree);
    writeFileSync(join(toWorktree, '.git'), `gitdir: ${join(repo, '.git', 'worktrees', 'mono-wt')}\n`);
    for (const f of [linked, toMain, toWorktree])
      expect(parseIdentity(repoIdentity(f), f)).toEqual({ own: `path:${f}`, claims: [] });
  });
});

describe('through the hook: one repository is one project', () => {
  it('a fix confirmed in two sub-folders of one repository is one repository: not offered in another project', async () => {
    ensureBuilt();
    const other = gitProject(join(t.dir, 'other'), { remote: 'git@github.com:org/other.git' });
    await learn(join(repo, 'pkg-a'), SAFE, 'a1');
    await learn(join(repo, 'pkg-b'), SAFE, 'b1');
    expect(await advise(other)).not.toContain(SAFE);
    expect(sourceIn(other)).toBeNull();
    // a third repository makes two
    const third = gitProject(join(t.dir, 'third'), { remote: 'git@github.com:org/third.git' });
    await learn(third, SAFE, 'c1');
    expect(await advise(other)).toContain(SAFE);
    expect(sourceIn(other)).toBe('other-projects');
  });

  it('a sub-folder, and a sub-folder of a worktree, are the project: a fix of a program the policy does not know is offered there', async () => {
    ensureBuilt();
    const wt = join(t.dir, 'mono-wt');
    git('-C', repo, 'worktree', 'add', '-q', wt);
    mkdirSync(join(wt, 'pkg-b'), { recursive: true });
    await learn(join(repo, 'pkg-a'), UNKNOWN, 'a1');
    expect(await advise(join(repo, 'pkg-a'))).toContain(UNKNOWN);
    expect(await advise(join(repo, 'pkg-c'))).toContain(UNKNOWN);
    expect(await advise(join(wt, 'pkg-b'))).toContain(UNKNOWN);
    expect(sourceIn(join(wt, 'pkg-b'))).toBe('this-project');
  });

  it('a folder claiming the repository (its origin URL, a `.git` symlink) is not that project', async () => {
    ensureBuilt();
    await learn(repo, UNKNOWN, 'a1');
    const clone = join(t.dir, 'claims-origin');
    git('clone', '-q', repo, clone);
    git('-C', clone, 'remote', 'set-url', 'origin', 'git@github.com:org/mono.git');
    const linked = join(t.dir, 'linked');
    mkdirSync(linked);
    symlinkSync(join(repo, '.git'), join(linked, '.git'));
    for (const f of [clone, linked]) {
      expect(await advise(f)).not.toContain(UNKNOWN);
      expect(sourceIn(f)).toBeNull();
    }
    expect(await advise(repo)).toContain(UNKNOWN);
  });

  it('a claim only merges: the repository and a folder claiming its origin count once for a third project', async () => {
    ensureBuilt();
    const other = gitProject(join(t.dir, 'other'), { remote: 'git@github.com:org/other.git' });
    const claimer = gitProject(join(t.dir, 'claimer'), { remote: 'https://github.com/org/mono' });
    await learn(repo, SAFE, 'a1');
    await learn(claimer, SAFE, 'k1');
    expect(await advise(other)).not.toContain(SAFE);
  });
});
