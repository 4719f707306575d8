// Reliability (#12.4): a corpus of realistic secrets (test/helpers/secrets.ts, generated at test
// time) in prompts, commands, errors, transcripts, subagent answers, agents' own shared-context
// files, orchestrator contracts and CLI arguments. None of them may reach the database (WAL
// included), the queue, a log, a shared-context or orchestrator file, or the screen (hook output
// and CLI stdout/stderr).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import { cliAsync } from '../helpers/cli.js';
import { ROOT, tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook } from '../helpers/hook-proc.js';
import { pool } from '../helpers/pool.js';
import { makeLogger } from '../../src/hook/runtime/deps.js';
import { SECRET_CORPUS, type SecretCase } from '../helpers/secrets.js';

interface Run {
  code: number | null;
  out: string;
}

function allFiles(dir: string): string[] {
  const out: string[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const e of entries) {
    const p = join(dir, e);
    const st = lstatSync(p);
    if (st.isDirectory()) out.push(...allFiles(p));
    else if (st.isFile()) out.push(p);
  }
  return out;
}

async function cli(args: string[], env: NodeJS.ProcessEnv, cwd: string, input?: string): Promise<Run> {
  const r = await cliAsync(env, args, { cwd, input });
  return { code: r.code, out: r.output };
}

/** Holds a write lock on the database until `release` is called (hooks then queue their events). */
function holdLock(file: string): { ready: Promise<void>; release: () => Promise<void> } {
  const p = spawn(
    process.execPath,
    [
      '-e',
      `const D=require('better-sqlite3');const d=new D(process.argv[1]);d.exec('BEGIN IMMEDIATE');
       d.prepare("INSERT INTO kv(key,value) VALUES ('lock','x') ON CONFLICT(key) DO UPDATE SET value='y'").run();
       console.log('locked');process.stdin.on('data',()=>{});process.stdin.on('end',()=>{d.exec('COMMIT');d.close();});`,
      file,
    ],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const done = new Promise<void>((r) => p.on('close', () => r()));
  return {
    ready: new Promise<void>((r) => p.stdout!.once('data', () => r())),
    release: async () => {
      p.stdin!.end();
      await done;
    },
  };
}

describe('#12.4 secrets never reach disk or screen', () => {
  let t: TempEnv;
  const session = 'secret-session';
  /** Everything shown: hook stdout/stderr (injected into Claude Code) and CLI stdout/stderr. */
  const screen: string[] = [];
  /** The queue files as they were while the database was locked. */
  const queued: string[] = [];
  const cliRuns: Run[] = [];

  beforeAll(async () => {
    t = tempEnv('sg-secrets-');
    const env = { ...t.env, SELF_GEN_NO_BACKGROUND: '1', SELF_GEN_DEBUG: '1', CLAUDE_PROJECT_DIR: t.project };
    const base = { session_id: session, cwd: t.project, transcript_path: join(t.dir, 'main.jsonl') };
    const hook = async (event: string, payload: object, e = env): Promise<void> => {
      const r = await runHook(event, { ...base, hook_event_name: event, ...payload }, e);
      screen.push(r.stdout, r.stderr);
    };
    const run = async (args: string[], input?: string): Promise<Run> => {
      const r = await cli(args, env, t.project, input);
      screen.push(r.out);
      cliRuns.push(r);
      return r;
    };
    await hook('SessionStart', { source: 'startup' });
    // The hooks' debug log, as a handler failing on a payload writes it.
    const log = makeLogger(env);
    for (const c of SECRET_CORPUS) log(`PostToolUseFailure/error-advice failed: Error: bad input ${c.text}`);

    // An orchestrated session whose request and explored contract carry every secret.
    await run(['orch', 'init', '--request', `Rotate the keys: ${SECRET_CORPUS[0]!.text}`]);
    // in the real claude-devkit format (#14): no extra fields
    const explored = {
      version: 1,
      request_id: 'R1',
      created_at: '2026-11-20T09:05:00Z',
      created_by: 'code-explore',
      project_manifest: { claude_md: null, agents_md: null },
      explored_files: SECRET_CORPUS.map((c, i) => ({ path: `config/c${i}.env`, summary: c.text })),
      directory_structure: { config: 'configuration files hold credentials' },
    };
    await run(['orch', 'record', 'contract', 'explored'], YAML.stringify(explored));

    const own = join(t.project, '.claude', 'shared-context', session);
    await pool(SECRET_CORPUS, 2, async (c: SecretCase, i: number) => {
      const n = i + 1;
      await hook('UserPromptSubmit', { prompt: `please use ${c.text}` });
      const command = `deploy --verbose ${c.text}`;
      await hook('PostToolUseFailure', {
        tool_name: 'Bash',
        tool_input: { command },
        error: `Exit code 1\nfailed: ${c.text}`,
      });
      await hook('PostToolUse', {
        tool_name: 'Bash',
        tool_input: { command },
        tool_response: { stdout: c.text, stderr: '' },
      });
      // A subagent whose transcript, own shared-context file and answer carry the secret.
      const agentId = `agent${n}`;
      const transcript = join(t.dir, `agent-${agentId}.jsonl`);
      const lines = [
        { type: 'user', message: { role: 'user', content: `task with ${c.text}` } },
        {
          type: 'assistant',
          message: {
            role: 'assistant',
            stop_reason: 'tool_use',
            content: [
              {
                type: 'tool_use',
                id: `w${n}`,
                name: 'Write',
                input: { file_path: join(t.project, `src/cfg${n}.ts`), content: c.text },
              },
              { type: 'tool_use', id: `b${n}`, name: 'Bash', input: { command } },
            ],
          },
        },
        {
          type: 'user',
          message: {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: `b${n}`, content: c.text, is_error: true }],
          },
        },
        {
          type: 'assistant',
          message: {
            role: 'assistant',
            stop_reason: 'end_turn',
            content: [{ type: 'text', text: `## Findings\n- Issue: leaked ${c.text}` }],
          },
        },
      ];
      writeFileSync(transcript, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
      await hook('SubagentStart', { agent_id: agentId, agent_type: 'executor' });
      if (n % 2 === 0) {
        mkdirSync(own, { recursive: true });
        writeFileSync(
          join(own, `executor-${agentId}.md`),
          `## Findings\n- Issue: leaked ${c.text}\n## Decisions\n- keep ${c.text}\n`,
        );
      }
      await hook('SubagentStop', {
        agent_id: agentId,
        agent_type: 'executor',
        agent_transcript_path: transcript,
        last_assistant_message: `## Findings\n- Issue: leaked ${c.text}`,
      });
      await hook('PostToolUse', {
        tool_name: 'Agent',
        tool_input: { subagent_type: 'executor', prompt: c.text, description: 'x' },
        tool_response: {
          agentId,
          agentType: 'executor',
          content: [{ type: 'text', text: c.text }],
          status: 'completed',
        },
      });
      // The CLI: a KB entry added by hand echoes its error text.
      await run(['kb', 'add', `Error: login failed with ${c.text}`, '-r', `rotate ${c.text}`, '-t', 'Bash']);
    });

    // The database stays locked: every hook writes its (redacted) event to the queue.
    const lock = holdLock(join(t.home, 'data', 'self-gen.db'));
    await lock.ready;
    const busyEnv = { ...env, SELF_GEN_BUSY_TIMEOUT_MS: '30' };
    await pool(SECRET_CORPUS, 2, (c: SecretCase) =>
      hook('UserPromptSubmit', { prompt: `queued ${c.text}` }, busyEnv),
    );
    const qdir = join(t.home, 'data', 'queue');
    for (const f of allFiles(qdir)) queued.push(readFileSync(f, 'utf8'));
    await lock.release();

    // Everything the CLI shows of what was stored.
    await run(['kb', 'list', '-n', '1000']);
    await run(['kb', 'list', '-n', '1000', '--json']);
    await run(['events', '-n', '5000']);
    await run(['events', '-n', '5000', '--json']);
    await run(['events', '-t', 'tool_error', '-n', '1000', '--json']);
    await run(['status']);
    await run(['suggestions', '--all', '--closed']);
    await run(['shared-context', 'show', session]);
    await run(['orch', 'status']);
    await run(['orch', 'context', 'planner']);
    await hook('SessionEnd', { reason: 'other' });
  }, 900_000);
  afterAll(() => t.cleanup());

  it('something was recorded in every place checked (the test is not vacuous)', () => {
    const db = readFileSync(join(t.home, 'data', 'self-gen.db'));
    const walFile = join(t.home, 'data', 'self-gen.db-wal');
    const wal = existsSync(walFile) ? readFileSync(walFile) : Buffer.alloc(0);
    expect(db.length + wal.length).toBeGreaterThan(100_000);
    expect(Buffer.concat([db, wal]).includes('REDACTED')).toBe(true);
    // Each queued event is one file, redacted.
    expect(queued.length).toBeGreaterThanOrEqual(SECRET_CORPUS.length);
    expect(queued.join('\n')).toContain('REDACTED');
    // The debug log holds every shape's line, redacted.
    const hooksLog = readFileSync(join(t.home, 'logs', 'hooks.log'), 'utf8');
    expect(hooksLog.split('\n').filter((l) => l.includes('bad input')).length).toBeGreaterThanOrEqual(
      SECRET_CORPUS.length,
    );
    // shared-context: agents' own files and the summary; orchestrator: session and contracts.
    const sc = allFiles(join(t.project, '.claude', 'shared-context'));
    expect(sc.some((f) => f.endsWith('_summary.md'))).toBe(true);
    expect(sc.filter((f) => /executor-agent\d+\.md$/.test(f)).length).toBeGreaterThan(
      SECRET_CORPUS.length / 3,
    );
    const orch = allFiles(join(t.project, '.claude', 'orchestrator'));
    expect(orch.some((f) => f.endsWith('session.json'))).toBe(true);
    expect(orch.some((f) => /explored/.test(f))).toBe(true);
    expect(orch.map((f) => readFileSync(f, 'utf8')).join('\n')).toContain('REDACTED');
    // Every CLI command ran; the screen shows the entries, redacted.
    expect(cliRuns.filter((r) => r.code !== 0).map((r) => r.out)).toEqual([]);
    const shown = screen.join('\n');
    expect(shown).toContain('REDACTED');
    expect(shown).toContain('saved #');
    // The KB holds one entry per shape (the secrets did not make them collapse into one).
    const kb = new Database(join(t.home, 'data', 'self-gen.db'), { readonly: true });
    const n = (kb.prepare('SELECT count(*) AS n FROM error_kb').get() as { n: number }).n;
    kb.close();
    expect(n).toBeGreaterThanOrEqual(SECRET_CORPUS.length / 2);
  });

  for (const c of SECRET_CORPUS) {
    it(`no trace of the ${c.family}/${c.name} on disk or on screen`, () => {
      const files = [...allFiles(t.home), ...allFiles(join(t.project, '.claude'))];
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) {
        const bytes = readFileSync(f);
        expect(bytes.includes(c.secret), `${c.name} found in ${f}`).toBe(false);
      }
      for (const q of queued) expect(q.includes(c.secret), `${c.name} found in a queued event`).toBe(false);
      const shown = screen.join('\n');
      expect(shown.includes(c.secret), `${c.name} shown on screen`).toBe(false);
    });
  }
});

describe('#12.4 a database from an older version never shows its secrets on screen', () => {
  let t: TempEnv;
  const screen: string[] = [];
  beforeAll(async () => {
    t = tempEnv('sg-secrets-old-');
    const env = { ...t.env, SELF_GEN_NO_BACKGROUND: '1' };
    // Create the database through the product, then write secrets into it raw, as an older
    // version with weaker redaction did.
    await cli(['kb', 'add', 'Error: warm-up', '-r', 'nothing'], env, t.project);
    const db = new Database(join(t.home, 'data', 'self-gen.db'));
    const ts = new Date().toISOString();
    const addEvent = db.prepare(
      `INSERT INTO events (type, ts, session_id, project, project_path, data) VALUES (?, ?, 's-old', 'proj', ?, ?)`,
    );
    const addKb = db.prepare(
      `INSERT INTO error_kb (ts, error_normalized, error_raw, resolution, resolved_by) VALUES (?, ?, ?, ?, 'Bash')`,
    );
    SECRET_CORPUS.forEach((c, i) => {
      addEvent.run('tool_error', ts, t.project, JSON.stringify({ tool: 'Bash', error: `failed: ${c.text}` }));
      addEvent.run('prompt', ts, t.project, JSON.stringify({ text: `use ${c.text}` }));
      addKb.run(ts, `old error ${i}: ${c.text}`, c.text, `rotate ${c.text}`);
    });
    db.prepare(
      `INSERT INTO analysis_cache (ts, project, days, input_hash, analysis) VALUES (?, NULL, 7, 'old', ?)`,
    ).run(
      ts,
      JSON.stringify({
        summary: '',
        suggestions: SECRET_CORPUS.map((c, i) => ({
          id: `old${String(i).padStart(4, '0')}`,
          type: 'claude_md',
          rule: `Use ${c.text}`,
          project: null,
        })),
      }),
    );
    db.close();
    for (const args of [
      ['events', '-n', '5000'],
      ['events', '-n', '5000', '--json'],
      ['kb', 'list', '-n', '1000'],
      ['kb', 'list', '-n', '1000', '--json'],
      ['suggestions', '--all'],
      ['suggestions', '--all', '--json'],
      ['status'],
    ]) {
      const r = await cli(args, env, t.project);
      screen.push(`$ ${args.join(' ')} (exit ${r.code})\n${r.out}`);
    }
  });
  afterAll(() => t.cleanup());

  it('the commands listed the stored rows (not vacuous)', () => {
    const shown = screen.join('\n');
    expect(shown).toContain('REDACTED');
    expect(shown.match(/old error \d+/g)?.length ?? 0).toBeGreaterThanOrEqual(SECRET_CORPUS.length);
  });

  it('no secret of the corpus is printed by events, kb list, suggestions or status', () => {
    const shown = screen.join('\n');
    const leaked = SECRET_CORPUS.filter((c) => shown.includes(c.secret)).map((c) => c.name);
    expect(leaked).toEqual([]);
  });
});
