// The skill's files are written by a model following prose, so they vary. Read tolerantly: a
// loosely written or missing field gives a warning (in the role's context and in `orch validate`)
// and everything else is still read, merged and delivered; an entry that cannot be understood is
// left out on its own (per entry, never per file or request). Through the built hook entry (the
// real SubagentStart payload) and the built CLI (`orch merge`, `orch context`, `orch validate`).
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { cli } from '../helpers/cli.js';
import { FIXTURES } from '../helpers/env.js';
import { parseHookOutput, runHook } from '../helpers/hook-proc.js';
import { contractPath } from '../../src/orchestrator/paths.js';
import { parseTolerant, UNKNOWN_TIME } from '../../src/orchestrator/tolerant.js';
import { Read } from '../../src/orchestrator/schemas.js';
import {
  MARK,
  fixtureText,
  makeProject,
  realProject,
  write,
  yaml,
  type Fixture,
} from '../helpers/orch-fixtures.js';

let f: Fixture | undefined;
afterEach(() => {
  f?.cleanup();
  f = undefined;
});

const orch = (fx: Fixture, ...args: string[]) =>
  cli(fx.procEnv, ['orch', '--project', fx.root, ...args], { env: { CLAUDE_PROJECT_DIR: '' } });

async function architectContext(fx: Fixture): Promise<string> {
  const p = JSON.parse(
    readFileSync(join(FIXTURES, 'hook-payloads', '08-SubagentStart.json'), 'utf8').replaceAll(
      '/home/dev/proj',
      fx.root,
    ),
  ) as Record<string, unknown>;
  p.agent_type = 'architect';
  delete p.transcript_path;
  const r = await runHook('SubagentStart', p, fx.procEnv, { cwd: fx.root });
  expect(r.code, r.stderr).toBe(0);
  const out = parseHookOutput(r.stdout) as { hookSpecificOutput?: { additionalContext?: string } } | null;
  return out?.hookSpecificOutput?.additionalContext ?? '';
}

/** knowledge.yaml as a model writes it: a date, a decision without refs, one entry with no id. */
const LOOSE_KNOWLEDGE = (fx: Fixture): string =>
  fixtureText(fx, 'knowledge.yaml').replace(
    /decisions:\n[\s\S]*?\npitfalls:/,
    `decisions:
  - id: D1
    topic: session storage
    decision: "${MARK.decision} sessions live in a signed cookie"
    rationale: no server state
    refs: [src/auth/session.js]
    created_at: 2026-11-01
  - id: D2
    topic: limits
    decision: "KN-DECISION2-MARK limits live in memory"
    rationale: one process
    created_at: "2026-11-02T09:00:00Z"
  - topic: no id at all
    decision: "KN-NOID-MARK cannot be named"
pitfalls:`,
  );

describe('knowledge.yaml written loosely: the role context is delivered, with warnings', () => {
  it('a date for created_at and a decision without refs: the architect gets every decision (hook process)', async () => {
    f = realProject('implementation');
    write(f.p.knowledgeDir, 'knowledge.yaml', LOOSE_KNOWLEDGE(f));
    const ctx = await architectContext(f);
    expect(ctx).not.toMatch(/context unavailable/);
    expect(ctx).toContain(MARK.brief);
    expect(ctx).toContain(MARK.pattern);
    expect(ctx).toContain(MARK.decision);
    expect(ctx).toContain('KN-DECISION2-MARK');
    expect(ctx).toMatch(
      /warning: .*knowledge\.yaml: decisions\[0\]\.created_at: "2026-11-01" is not an ISO 8601 date-time; read as 2026-11-01T00:00:00\.000Z/,
    );
    expect(ctx).toMatch(/warning: .*knowledge\.yaml: decisions\[1\]\.refs: missing; read as an empty list/);
    // the entry that cannot be understood is left out alone
    expect(ctx).toMatch(/warning: .*knowledge\.yaml: decisions\[2\]: left out: id required/);
    expect(ctx).not.toContain('KN-NOID-MARK');
  });

  it('orch validate: the loose fields are warnings (exit 0 without other problems); the entry left out is an error', () => {
    f = realProject('implementation');
    write(
      f.p.knowledgeDir,
      'knowledge.yaml',
      LOOSE_KNOWLEDGE(f).replace(/ {2}- topic: no id at all\n.*\n/, ''),
    );
    const ok = orch(f, 'validate');
    expect(ok.stderr).toMatch(
      /! .*knowledge\.yaml: decisions\[0\]\.created_at: "2026-11-01" is not an ISO 8601/,
    );
    expect(ok.stderr).toMatch(/! .*knowledge\.yaml: decisions\[1\]\.refs: missing; read as an empty list/);
    expect(ok.stdout).toMatch(/0 error\(s\), 2 warning\(s\)/);
    expect(ok.code, ok.stdout).toBe(0);
    write(f.p.knowledgeDir, 'knowledge.yaml', LOOSE_KNOWLEDGE(f));
    const bad = orch(f, 'validate');
    expect(bad.stdout).toMatch(/✗ .*knowledge\.yaml: decisions\[2\]: left out: id required/);
    expect(bad.code).toBe(1);
  });
});

describe('explored.yaml without project_manifest or directory_structure: merge goes on', () => {
  const setUp = (mutate: (e: Record<string, unknown>) => void): Fixture => {
    const fx = makeProject();
    expect(orch(fx, 'init', '--request', 'Add rate limiting to the login endpoint').code).toBe(0);
    const explored = parse(fixtureText(fx, 'contracts/R1/explored.yaml')) as Record<string, unknown>;
    mutate(explored);
    // written by the skill's agents, as they write them (not through our strict `record`)
    write(fx.p.sessionDir, 'contracts/R1/explored.yaml', yaml(explored));
    write(
      fx.p.sessionDir,
      'contracts/R1/task-breakdown.yaml',
      fixtureText(fx, 'contracts/R1/task-breakdown.yaml'),
    );
    return fx;
  };

  it('merged, the briefs written and the architect context delivered; the warnings name the fields', () => {
    f = setUp((e) => {
      delete e.project_manifest;
      delete e.directory_structure;
    });
    const m = orch(f, 'merge', 'R1');
    expect(m.code, m.stderr + m.stdout).toBe(0);
    expect(m.stderr).toMatch(/! .*explored\.yaml: project_manifest: missing; read as an empty mapping/);
    expect(m.stderr).toMatch(/! .*explored\.yaml: directory_structure: missing; read as an empty mapping/);
    expect(existsSync(contractPath(f.p, 'design-brief', { request: 'R1', task: 'T1' }))).toBe(true);
    const brief = readFileSync(contractPath(f.p, 'design-brief', { request: 'R1', task: 'T1' }), 'utf8');
    expect(brief).toContain('src/auth/login.js'); // the explored files were used
    const report = readFileSync(join(f.p.ownDir, 'merge', 'R1.yaml'), 'utf8');
    expect(report).toMatch(/warnings:/);
    const ctx = orch(f, 'context', 'architect');
    expect(ctx.code, ctx.stderr).toBe(0);
    const v = orch(f, 'validate');
    expect(v.code, v.stdout).toBe(0);
    expect(v.stderr).toMatch(/explored\.yaml: project_manifest: missing/);
  });

  it('one explored file without a path is left out alone; the others are still checked and merged', () => {
    f = setUp((e) => {
      (e.explored_files as Record<string, unknown>[]).push({ summary: 'a file with no path' });
      e.created_at = '2026-11-20';
    });
    const m = orch(f, 'merge', 'R1');
    expect(m.code, m.stderr + m.stdout).toBe(0);
    expect(m.stderr).toMatch(/explored\.yaml: explored_files\[3\]: left out: path required/);
    expect(m.stderr).toMatch(/explored\.yaml: created_at: "2026-11-20" is not an ISO 8601 date-time/);
    expect(m.stdout).toMatch(/✓ A1 login is handled in src\/auth\/login\.js/);
  });

  it('what cannot be understood at all is still refused, naming file and field', () => {
    f = setUp((e) => {
      e.explored_files = 'everything';
      e.version = 2;
    });
    const m = orch(f, 'merge', 'R1');
    expect(m.code).toBe(1);
    expect(m.stderr).toMatch(/explored\.yaml: version: must be one of 1/);
  });
});

describe('parseTolerant', () => {
  it('mends numbers for text, a text for a list, nulls; leaves out a mapping entry that is not text', () => {
    const r = parseTolerant(
      Read.explored,
      {
        version: 1,
        request_id: null,
        created_at: 'yesterday',
        created_by: 7,
        project_manifest: { claude_md: null, agents_md: null },
        explored_files: [{ path: 'a.js', summary: 3 }],
        directory_structure: { src: 'code', odd: { nested: 'map' } },
      },
      'explored.yaml',
      { known: { request_id: 'R1' }, entries: ['directory_structure'] },
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({
      request_id: 'R1',
      created_at: UNKNOWN_TIME,
      created_by: '7',
      explored_files: [{ path: 'a.js', summary: '3' }],
      directory_structure: { src: 'code' },
    });
    expect(r.warnings.map((w) => w.field).sort()).toEqual(
      [
        'created_at',
        'created_by',
        'directory_structure.odd',
        'explored_files[0].summary',
        'request_id',
      ].sort(),
    );
  });
});
