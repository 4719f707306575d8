// Shared fixtures of the orchestrator tests: a temporary project holding the claude-devkit
// orchestrator skill's files, copied from test/fixtures/orchestrator-real/ (written by hand from
// the skill's file formats, docs/orchestrator.md) with the project path and hash replaced. Every value a role
// may receive carries a marker (MARK), so a test can tell which file or field reached which role.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { stringify } from 'yaml';
import { orchPaths, type OrchPaths } from '../../src/orchestrator/paths.js';
import {
  OrchestratorConfig,
  type OrchestratorConfigT,
  type Phase,
  type StateFileT,
} from '../../src/orchestrator/schemas.js';
import type { OpsEnv } from '../../src/orchestrator/ops.js';
import type { OrchEnv } from '../../src/orchestrator/context.js';
import { hermeticEnv, ROOT } from './env.js';

export const REAL = join(ROOT, 'test', 'fixtures', 'orchestrator-real');
export const FIXTURE_ROOT = '/home/dev/proj';
export const FIXTURE_HASH = '0a1b2c3d';

export const MARK = {
  request: 'USER-REQUEST-MARK',
  claudeMd: 'CLAUDEMD-MARK',
  explored: 'EXPLORED-MARK',
  brief: 'BRIEF-MARK',
  dcInvariant: 'DC-INVARIANT-MARK',
  dcIface: 'DC-IFACE-MARK',
  tcCase: 'TC-CASE-MARK',
  testCode: 'TEST-CODE-MARK',
  testResult: 'TR-FAIL-MARK',
  pattern: 'KN-PATTERN-MARK',
  decision: 'KN-DECISION-MARK',
  pitfall: 'KN-PITFALL-MARK',
  subtask: 'STATE-SUBTASK-MARK',
  ref: 'REF-PROJ-MARK',
};

export function makeCfg(over: Record<string, unknown> = {}): OrchestratorConfigT {
  return OrchestratorConfig().parse({ claudeMem: { enabled: false }, ...over });
}

export interface Fixture {
  dir: string;
  root: string;
  home: string;
  p: OrchPaths;
  cfg: OrchestratorConfigT;
  /** The process environment of hooks and the CLI (SELF_GEN_HOME = home). */
  procEnv: NodeJS.ProcessEnv;
  env: OpsEnv;
  orchEnv: OrchEnv;
  cleanup: () => void;
}

/** An empty project with its own data home (claude-mem off). */
export function makeProject(over: Record<string, unknown> = {}): Fixture {
  const dir = mkdtempSync(join(tmpdir(), 'orch-test-'));
  const root = join(dir, 'proj');
  const home = join(dir, 'home');
  mkdirSync(join(root, '.git'), { recursive: true });
  mkdirSync(home, { recursive: true });
  // Hooks read the config from the data home: never ask a real claude-mem from a test.
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({ orchestrator: { claudeMem: { enabled: false } } }),
  );
  const cfg = makeCfg(over);
  const procEnv: NodeJS.ProcessEnv = {
    ...hermeticEnv(dir, dir),
    SELF_GEN_HOME: home,
    CLAUDE_PROJECT_DIR: root,
  };
  let t = Date.parse('2026-11-20T10:00:00.000Z');
  const p = orchPaths(root, procEnv);
  return {
    dir,
    root,
    home,
    p,
    cfg,
    procEnv,
    env: { projectRoot: root, projectName: 'proj', cfg, env: procEnv, now: () => new Date((t += 1000)) },
    orchEnv: { projectRoot: root, projectName: 'proj', cfg, locale: 'en', db: null, env: procEnv },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A fixture file's text with the project path and hash of `f`. */
export function fixtureText(f: Pick<Fixture, 'root' | 'p'>, name: string): string {
  return readFileSync(join(REAL, name), 'utf8')
    .replaceAll(FIXTURE_ROOT, f.root)
    .replaceAll(FIXTURE_HASH, f.p.hash);
}

export function write(root: string, rel: string, text: string): void {
  const f = join(root, rel);
  mkdirSync(join(f, '..'), { recursive: true });
  writeFileSync(f, text);
}

/**
 * A project in the middle of the skill's task loop: session.json, state.json (T1-S1 current, in
 * `phase`), every contract of R1, knowledge.yaml, CLAUDE.md and the test file.
 */
export function realProject(phase: Phase = 'implementation', over: Record<string, unknown> = {}): Fixture {
  const f = makeProject(over);
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((n) =>
      statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)],
    );
  for (const abs of files(join(REAL, 'contracts'))) {
    const name = relative(REAL, abs);
    write(f.p.sessionDir, name, fixtureText(f, name));
  }
  write(f.p.sessionDir, 'session.json', fixtureText(f, 'session.json'));
  write(f.p.knowledgeDir, 'knowledge.yaml', fixtureText(f, 'knowledge.yaml'));
  setState(f, (s) => {
    s.tasks.T1!.subtasks['T1-S1']!.phase = phase;
  });
  write(f.root, 'CLAUDE.md', `# rules\n${MARK.claudeMd}\n`);
  write(f.root, 'test/rate-limit.test.js', `// ${MARK.testCode}\n`);
  return f;
}

/** Rewrites state.json (from the fixture's state.json) through `fn`. */
export function setState(f: Fixture, fn: (s: StateFileT) => void, from = 'state.json'): void {
  const s = JSON.parse(fixtureText(f, from)) as StateFileT;
  fn(s);
  write(f.p.sessionDir, 'state.json', JSON.stringify(s, null, 2));
}

export const yaml = (v: unknown): string => stringify(v);

/** Every file under a folder with its content (a snapshot for before/after comparisons). */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const abs = join(d, n);
      if (statSync(abs).isDirectory()) walk(abs);
      else out[relative(dir, abs)] = readFileSync(abs, 'utf8');
    }
  };
  walk(dir);
  return out;
}

export { cpSync };
