// #12.1 / #12.3 leftovers, the orchestrator part: a repository that commits `.claude/orchestrator`
// (or its `sessions` / `knowledge` folder) as a symlink to a folder elsewhere gets nothing written
// there and nothing read from there, by the CLI (`orch init/merge/record` refuse with a `fix:`) and
// by the SubagentStart / SubagentStop hooks (exit 0); a FIFO in place of state.json, a contract,
// knowledge.yaml or a template never hangs the SubagentStart hook. Real symlinks, FIFOs, the built
// CLI and hook entry as processes.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensureCliBuilt, cli as selfGen } from '../helpers/cli.js';
import { FIXTURES } from '../helpers/env.js';
import { parseHookOutput, runHook } from '../helpers/hook-proc.js';
import { MARK, fixtureText, realProject, snapshot, write, type Fixture } from '../helpers/orch-fixtures.js';

let f: Fixture | undefined;
afterEach(() => {
  f?.cleanup();
  f = undefined;
});

beforeAll(() => ensureCliBuilt());

function payload(event: 'SubagentStart' | 'SubagentStop', root: string, agentType: string) {
  const file = event === 'SubagentStart' ? '08-SubagentStart.json' : '11-SubagentStop.json';
  const p = JSON.parse(
    readFileSync(join(FIXTURES, 'hook-payloads', file), 'utf8').replaceAll('/home/dev/proj', root),
  ) as Record<string, unknown>;
  p.agent_type = agentType;
  delete p.agent_transcript_path;
  delete p.transcript_path;
  return p;
}

async function hook(fx: Fixture, event: 'SubagentStart' | 'SubagentStop', agentType = 'implementer') {
  // runHook kills the process after 20 s: a hang shows as code null, never as a duration.
  const r = await runHook(event, payload(event, fx.root, agentType), fx.procEnv, { cwd: fx.root });
  expect(r.code, `${event} exit (null = killed by the 20 s guard) ${r.stderr}`).toBe(0);
  const out = parseHookOutput(r.stdout);
  const h = out?.hookSpecificOutput as { additionalContext?: string } | undefined;
  return h?.additionalContext ?? '';
}

function cli(fx: Fixture, args: string[], input?: string) {
  return selfGen(fx.procEnv, ['orch', '--project', fx.root, ...args], {
    env: { CLAUDE_PROJECT_DIR: '' },
    input,
  });
}

/** Moves `rel` (a folder of the project) to a sibling folder and leaves a symlink in its place. */
function linkAway(fx: Fixture, rel: string): string {
  const inside = join(fx.root, rel);
  const target = join(fx.dir, 'elsewhere', rel.replaceAll('/', '_'));
  mkdirSync(dirname(target), { recursive: true });
  renameSync(inside, target);
  symlinkSync(target, inside);
  return target;
}

const ALL_MARKS = Object.values(MARK);
const LINKS = ['.claude/orchestrator', '.claude/orchestrator/sessions', '.claude/orchestrator/knowledge'];

describe('#12.1 orchestrator: a symlinked .claude/orchestrator, sessions or knowledge folder is never followed', () => {
  for (const link of LINKS) {
    it(`${link} → a sibling folder: orch init / merge / record refuse with fix: and write nothing there`, () => {
      f = realProject('verification');
      const target = linkAway(f, link);
      const before = snapshot(target);
      const pass = fixtureText(f, 'contracts/R1/T1/T1-S1/test-result.yaml')
        .replace('result: fail', 'result: pass')
        .replace('action: retry_implementation', 'action: complete');
      const session = [
        cli(f, ['init', '--new', '--request', 'another request']),
        cli(f, ['merge', 'R1']),
        cli(f, ['record', 'contract', 'test-result', '-'], pass),
      ];
      const knowledge = cli(f, ['record', 'knowledge', 'pitfalls', 'a pitfall', '--reason', 'because']);
      // each command that uses the linked folder refuses; the others may run (outside the link)
      const refused = link.endsWith('knowledge')
        ? [knowledge]
        : link.endsWith('sessions')
          ? session
          : [...session, knowledge];
      for (const r of refused) {
        expect(r.code, r.stdout + r.stderr).toBe(1);
        expect(r.stderr).toMatch(/symbolic link/);
        expect(r.stderr).toMatch(/^\s*fix: /m);
        expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
      }
      expect(snapshot(target)).toEqual(before);
      // nothing was created in the project in the link's place either
      expect(existsSync(join(f.root, '.claude/orchestrator/sessions', f.p.hash, 'state.json.bak'))).toBe(
        false,
      );
    });

    it(`${link} → a sibling folder: SubagentStart / SubagentStop exit 0, read nothing from it, write nothing there`, async () => {
      f = realProject('implementation');
      const target = linkAway(f, link);
      const before = snapshot(target);
      const ctx = await hook(f, 'SubagentStart', 'implementer');
      // session.json / state.json / contracts / knowledge live behind the link: none of it reaches
      // the subagent (at most a note naming the refused file).
      const leaked = ALL_MARKS.filter((m) => ctx.includes(m) && m !== MARK.testCode && m !== MARK.claudeMd);
      expect(leaked, ctx).toEqual([]);
      await hook(f, 'SubagentStop', 'implementer');
      await hook(f, 'SubagentStop', 'qa-engineer');
      expect(snapshot(target)).toEqual(before);
    });
  }

  it('a symlinked contract file or state.json is not read by SubagentStart and not replaced by the CLI', async () => {
    f = realProject('implementation');
    const secret = join(f.dir, 'outside.yaml');
    write(f.dir, 'outside.yaml', 'OUTSIDE-TEXT-MARK: 1\n');
    const tc = join(f.p.sessionDir, 'contracts/R1/T1/T1-S1/test-contract.yaml');
    rmSync(tc);
    symlinkSync(secret, tc);
    const ctx = await hook(f, 'SubagentStart', 'implementer');
    expect(ctx).not.toContain('OUTSIDE-TEXT-MARK');
    expect(ctx).toMatch(/test-contract\.yaml: is a symbolic link/);
    rmSync(f.p.stateFile);
    symlinkSync(secret, f.p.stateFile);
    const r = cli(f, ['init', '--request', 'x']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/state\.json: is a symbolic link/);
    expect(r.stderr).toMatch(/^\s*fix: /m);
    expect(readFileSync(secret, 'utf8')).toBe('OUTSIDE-TEXT-MARK: 1\n');
  });

  it('a symlinked folder in our own data-home side (<home>/orchestrator/<hash>) is not written through', () => {
    f = realProject('verification');
    const target = join(f.dir, 'elsewhere', 'own');
    mkdirSync(target, { recursive: true });
    mkdirSync(join(f.home, 'orchestrator'), { recursive: true });
    symlinkSync(target, join(f.home, 'orchestrator', f.p.hash));
    const r = cli(f, ['record', 'knowledge', 'pitfalls', 'a pitfall', '--reason', 'because']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^\s*fix: /m);
    expect(snapshot(target)).toEqual({});
  });
});

describe('#12.3 orchestrator: a FIFO in place of one of its files never hangs SubagentStart', () => {
  const cases: [string, (fx: Fixture) => string][] = [
    ['state.json', (fx) => fx.p.stateFile],
    ['session.json', (fx) => fx.p.sessionFile],
    [
      'a contract (test-contract.yaml)',
      (fx) => join(fx.p.sessionDir, 'contracts/R1/T1/T1-S1/test-contract.yaml'),
    ],
    [
      'a contract (design-contract.yaml)',
      (fx) => join(fx.p.sessionDir, 'contracts/R1/T1/design-contract.yaml'),
    ],
    ['knowledge.yaml', (fx) => fx.p.knowledgeFile],
    ['a template override', (fx) => join(fx.p.templatesDir, 'implementer.md')],
    ['our ledger in the data home', (fx) => fx.p.ledgerFile],
  ];
  for (const [name, at] of cases) {
    it(`FIFO as ${name}: SubagentStart and SubagentStop exit 0`, async () => {
      f = realProject('implementation');
      const file = at(f);
      mkdirSync(dirname(file), { recursive: true });
      rmSync(file, { force: true });
      expect(spawnSync('mkfifo', [file]).status).toBe(0);
      await hook(f, 'SubagentStart', 'implementer');
      await hook(f, 'SubagentStop', 'implementer');
      const r = cli(f, ['validate']);
      expect(r.code, r.stderr).not.toBeNull(); // the CLI does not hang either
    });
  }
});
