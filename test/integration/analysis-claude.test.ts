// AI analysis against the real Claude Code CLI (node_modules/.bin/claude 2.1.197) and the local
// Anthropic stub: `self-gen analyze` → cache row; suggestions / apply / dismiss on real files and
// the feedback table; a second run is a cache hit the stub never sees; malformed answers and a
// timeout fail cleanly; SessionEnd's background step runs one analysis for two ending sessions;
// SessionStart injects the digest. Needs `npm run build` (dist/).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  firstUserText,
  startAnthropicStub,
  text,
  type AnthropicStub,
  type StubScript,
  type StubTurn,
} from '../helpers/anthropic-stub.js';
import { cliAsync, cliBuilt } from '../helpers/cli.js';
import {
  CLAUDE_BIN,
  claudeAvailability,
  createE2EProject,
  type E2EProject,
} from '../helpers/claude-harness.js';
import { ROOT } from '../helpers/env.js';
import { runHook, parseHookOutput } from '../helpers/hook-proc.js';
import { openDb } from '../../src/db/db.js';
import { GOOD_ANSWER, seedProject } from '../helpers/analysis.js';

const WORKER_JS = join(ROOT, 'dist', 'worker.js');
const avail = claudeAvailability();
const built = cliBuilt() && existsSync(WORKER_JS);

interface Proc {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a node script asynchronously (the stub lives in this process: spawnSync would block it). */
function runNode(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  timeoutMs = 120_000,
): Promise<Proc> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [script, ...args], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

/** The analysis request is the one whose prompt holds the event summary. */
const script = (main: StubTurn[]): StubScript => ({
  main,
  isMain: (req) => firstUserText(req).includes('<summary>'),
  fallback: 'OK',
});

async function waitFor(cond: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (cond()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return cond();
}

describe.skipIf(!avail.ok || !built)('analysis with the real Claude Code CLI', () => {
  let p: E2EProject;
  let stub: AnthropicStub;
  const stubEnv = () =>
    p.env({
      ANTHROPIC_BASE_URL: stub.baseUrl,
      ANTHROPIC_API_KEY: 'sk-ant-e2e-stub-key',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
    });
  const selfGen = (args: string[]) => cliAsync(stubEnv(), args, { cwd: p.dir });
  const seed = (sessions: number, prefix?: string) => {
    const db = openDb({ env: { SELF_GEN_HOME: p.dataHome } });
    try {
      return seedProject(db, { project: 'proj', projectPath: p.dir, sessions, sessionPrefix: prefix });
    } finally {
      db.close();
    }
  };
  const cacheRows = () =>
    p.query<{ project: string; days: number; input_hash: string; analysis: string }>(
      'SELECT * FROM analysis_cache ORDER BY id',
    );
  const setConfig = (analysis: Record<string, unknown>) => {
    mkdirSync(p.dataHome, { recursive: true, mode: 0o700 });
    writeFileSync(
      join(p.dataHome, 'config.json'),
      JSON.stringify({ locale: 'en', analysis: { claudePath: CLAUDE_BIN, ...analysis } }),
    );
  };

  beforeAll(async () => {
    stub = await startAnthropicStub(script([]));
  });
  afterAll(async () => {
    await stub?.close();
  });
  afterEach(() => {
    p?.cleanup();
  });

  it('analyze → cache row; suggestions, apply, dismiss; second run is a cache hit the stub never sees; SessionStart digest', async () => {
    // Installed hooks in HOME: the analysis call's own hooks must not record anything (SELF_GEN_DISABLE).
    p = await createE2EProject({
      name: 'proj',
      config: { locale: 'en', analysis: { claudePath: CLAUDE_BIN } },
    });
    expect(p.settings()).toHaveProperty('hooks');
    seed(3);
    const eventsBefore = p.events().length;
    stub.setScript(script([JSON.stringify(GOOD_ANSWER)]));
    stub.clear();

    const first = await selfGen(['analyze', '--json']);
    expect(first.code, first.stderr).toBe(0);
    const r1 = JSON.parse(first.stdout) as {
      status: string;
      analysis: { suggestions: { id: string; type: string }[] };
    };
    expect(r1.status).toBe('analyzed');
    expect(r1.analysis.suggestions.map((s) => s.type)).toEqual(['claude_md', 'skill', 'hook']);
    const main = stub.conversation('main');
    expect(main).toHaveLength(1);
    const sent = firstUserText(main[0]!);
    expect(sent).toContain("[` Bash `] ` Error: Cannot find module '<PATH>' `: 3× in 3 session(s)");
    expect(sent).toContain('fixed by: `` ran `npm run build && npm test` `` (3×)');
    expect(sent).toContain('` executor `: 3 run(s), 1 failed (33 %)');
    expect(main[0]!.body?.tools ?? []).toEqual([]); // --tools "": the analysis can do nothing but answer
    expect(p.events().length).toBe(eventsBefore); // no recursion into our own database

    const rows = cacheRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ project: 'proj', days: 7 });
    expect(JSON.parse(rows[0]!.analysis).suggestions).toHaveLength(3);

    const requestsAfterFirst = stub.messageRequests().length;
    const second = await selfGen(['analyze']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('the input is unchanged since');
    expect(stub.messageRequests().length).toBe(requestsAfterFirst); // no new call
    expect(cacheRows()).toHaveLength(1);

    const list = p.selfGenOk(['suggestions']);
    const [ruleId, skillId, hookId] = r1.analysis.suggestions.map((s) => s.id);
    for (const id of [ruleId, skillId, hookId]) expect(list).toContain(`[${id}]`);

    const preview = p.selfGenOk(['apply', ruleId!]);
    expect(preview).toContain(`would add to ${join(p.dir, 'CLAUDE.md')}`);
    expect(p.exists('CLAUDE.md')).toBe(false);
    p.selfGenOk(['apply', ruleId!, '--yes']);
    const claudeMd = p.readFile('CLAUDE.md');
    expect(claudeMd).toContain(
      `- Run \`npm run build\` before \`npm test\`: the tests import dist/. <!-- sg:${ruleId} -->`,
    );
    expect(p.selfGenOk(['apply', ruleId!, '--yes'])).toContain('already applied');
    expect(p.readFile('CLAUDE.md')).toBe(claudeMd);

    expect(p.selfGenOk(['dismiss', hookId!])).toContain(`dismissed [${hookId}]`);
    expect(p.query('SELECT suggestion_id, action, project, type FROM feedback ORDER BY id')).toEqual([
      { suggestion_id: ruleId, action: 'accepted', project: 'proj', type: 'claude_md' },
      { suggestion_id: hookId, action: 'dismissed', project: 'proj', type: 'hook' },
    ]);
    const open = p.selfGenOk(['suggestions']);
    expect(open).toContain(`[${skillId}]`);
    expect(open).not.toContain(`[${ruleId}]`);
    expect(open).not.toContain(`[${hookId}]`);

    // The global skill goes to $HOME/.claude/skills/.
    p.selfGenOk(['apply', skillId!, '--yes']);
    expect(readFileSync(join(p.home, '.claude', 'skills', 'fix-login-test', 'SKILL.md'), 'utf8')).toContain(
      'name: fix-login-test',
    );

    // SessionStart digest: only what is still open (nothing now) …
    const payload = {
      hook_event_name: 'SessionStart',
      session_id: 'digest-1',
      cwd: p.dir,
      source: 'startup',
      transcript_path: '/nonexistent.jsonl',
    };
    const none = await runHook('SessionStart', payload, p.env(), { cwd: p.dir });
    expect(none.code).toBe(0);
    expect(parseHookOutput(none.stdout)).toBeNull();

    // … and the next analysis is told what was applied/dismissed, then its open suggestions are injected.
    stub.setScript(
      script([
        JSON.stringify({
          suggestions: [
            GOOD_ANSWER.suggestions[2], // dismissed before: filtered out even if the model repeats it
            {
              type: 'claude_md',
              rule: 'Keep auth tests next to src/auth.ts.',
              summary: 'x',
              project: 'proj',
            },
          ],
        }),
      ]),
    );
    stub.clear();
    const third = await selfGen(['analyze', '--json']);
    expect(third.code, third.stderr).toBe(0);
    const r3 = JSON.parse(third.stdout) as {
      status: string;
      dropped: number;
      analysis: { suggestions: { id: string }[] };
    };
    expect(r3).toMatchObject({ status: 'analyzed', dropped: 1 });
    expect(firstUserText(stub.conversation('main')[0]!)).toContain(
      '(hook, dismissed) ` Build before running the tests `',
    );
    const out = await runHook('SessionStart', payload, p.env(), { cwd: p.dir });
    const ctx = (parseHookOutput(out.stdout) as { hookSpecificOutput: { additionalContext: string } })
      .hookSpecificOutput.additionalContext;
    // named by id and kind; its text reaches Claude only once the user applied it
    expect(ctx).toContain(`[${r3.analysis.suggestions[0]!.id}] CLAUDE.md rule`);
    expect(ctx).not.toContain('Keep auth tests');
    expect(ctx).not.toContain(hookId!);
  });

  it('malformed answers, an API error and a timeout: clear errors, nothing stored; a fenced JSON answer works', async () => {
    p = await createE2EProject({ name: 'proj', install: false });
    setConfig({ timeoutMs: 60_000 });
    seed(3);
    const cases: [string, StubTurn, RegExp][] = [
      [
        'no JSON',
        'I looked at your sessions and everything seems fine.',
        /analysis failed: the answer holds no JSON object \(it begins: "I looked at your sessions/,
      ],
      [
        'invalid schema',
        JSON.stringify({ suggestions: [{ kind: 'rule', text: 'x' }] }),
        /analysis failed: no suggestion in the answer matches the schema: suggestions\.0 dropped/,
      ],
      ['wrong shape', JSON.stringify({ rules: ['x'] }), /does not match the schema: suggestions/],
      [
        'API error',
        {
          content: [],
          error: { status: 400, type: 'invalid_request_error', message: 'prompt is too long: 300000 tokens' },
        },
        /analysis failed: claude reported an error: prompt is too long/i,
      ],
    ];
    for (const [name, turn, message] of cases) {
      stub.setScript(script([turn]));
      stub.clear();
      const r = await selfGen(['analyze']);
      expect(r.code, `${name}: ${r.stdout}${r.stderr}`).toBe(1);
      expect(r.stderr, name).toMatch(message);
      expect(r.stderr).toContain('(nothing was stored)');
      expect(r.stderr).toMatch(/\n {2}fix: /);
      expect(stub.conversation('main').length, name).toBeGreaterThanOrEqual(1);
      expect(cacheRows(), name).toHaveLength(0);
    }

    setConfig({ timeoutMs: 4000 });
    stub.setScript(script([{ content: [text('{"suggestions": []}')], delayMs: 30_000 }]));
    stub.clear();
    const slow = await selfGen(['analyze']);
    expect(slow.code).toBe(1);
    expect(slow.stderr).toContain('analysis failed: claude did not answer within 4 s (killed)');
    expect(cacheRows()).toHaveLength(0);

    setConfig({ timeoutMs: 60_000 });
    stub.setScript(
      script([
        `Here is the analysis you asked for:\n\n\`\`\`json\n${JSON.stringify(GOOD_ANSWER, null, 2)}\n\`\`\`\n`,
      ]),
    );
    stub.clear();
    const ok = await selfGen(['analyze']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('3 suggestion(s):');
    expect(cacheRows()).toHaveLength(1);
  });

  it('SessionEnd: two sessions ending together start one detached analysis; not enough new data starts none', async () => {
    p = await createE2EProject({ name: 'proj', install: false });
    setConfig({ minNewEvents: 50 });
    seed(2, 'small'); // 24 events: not enough new data
    stub.setScript(script([JSON.stringify(GOOD_ANSWER)]));
    stub.clear();
    const env = stubEnv();
    const quiet = await runNode(WORKER_JS, ['session-end', 'small-proj-0'], env, p.dir);
    expect(quiet.code).toBe(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(stub.conversation('main')).toHaveLength(0);

    seed(3, 'big'); // 60 events now
    // The analysis answers late, so the second session's trigger runs while the first analysis still
    // holds the lock, however the two session-end workers are scheduled on a busy machine.
    stub.setScript(
      script([{ content: [{ type: 'text', text: JSON.stringify(GOOD_ANSWER) }], delayMs: 40_000 }]),
    );
    const [a, b] = await Promise.all([
      runNode(WORKER_JS, ['session-end', 'big-proj-1'], env, p.dir),
      runNode(WORKER_JS, ['session-end', 'big-proj-2'], env, p.dir),
    ]);
    expect([a.code, b.code]).toEqual([0, 0]);
    // The session-end worker only checks and spawns (a detached analysis): both have exited here.
    const done = await waitFor(
      () =>
        cacheRows().length === 1 && p.query(`SELECT 1 FROM kv WHERE key LIKE 'analysis:lock:%'`).length === 0,
      150_000,
    );
    expect(done, JSON.stringify(stub.requests.map((r) => `${r.method} ${r.path} ${r.conversation}`))).toBe(
      true,
    );
    await new Promise((r) => setTimeout(r, 2000)); // a second job, if any, would have asked by now
    expect(stub.conversation('main')).toHaveLength(1);
    const state = p.query<{ value: string }>(`SELECT value FROM kv WHERE key = 'analysis:state:proj'`);
    expect(JSON.parse(state[0]!.value)).toMatchObject({ result: 'analyzed' });
    const log = p.hookLog(200);
    expect(log.match(/analysis-trigger proj: start/g)).toHaveLength(2); // both sessions saw enough new data …
    expect(log.match(/analyze proj: analyzed/g)).toHaveLength(1); // … one analysis ran
    expect(log).toMatch(/analyze proj: skipped \((locked by pid \d+|last attempt 0 min ago)/);
    // Within minIntervalMinutes nothing starts again.
    seed(5, 'more');
    await runNode(WORKER_JS, ['session-end', 'more-proj-0'], env, p.dir);
    await new Promise((r) => setTimeout(r, 1500));
    expect(stub.conversation('main')).toHaveLength(1);
  });
});
