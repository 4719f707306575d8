// Shared helpers of the analysis tests: seeded events, a scripted fake `claude` binary.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DB } from '../../src/db/db.js';
import { insertEvent, type NewEvent } from '../../src/db/events/write.js';

export interface SeedOptions {
  project?: string;
  projectPath?: string;
  sessions?: number;
  /** Base time; events are spread over the hour before it. */
  now?: Date;
  sessionPrefix?: string;
}

/**
 * A realistic week in one project: per session a repeated "fix the failing login test" prompt,
 * a Read → Edit → Bash(failed) → Edit → Bash sequence, a recurring "Cannot find module" error
 * resolved by `npm run build`, and two subagent runs (one executor failure). ~12 events/session.
 */
export function seedProject(db: DB, o: SeedOptions = {}): number {
  const project = o.project ?? 'proj';
  const projectPath = o.projectPath ?? `/work/${project}`;
  const sessions = o.sessions ?? 3;
  const base = (o.now ?? new Date()).getTime() - 3600_000;
  let n = 0;
  let t = 0;
  const ev = (sessionId: string, type: string, data: Record<string, unknown>, text?: string) => {
    insertEvent(db, {
      type,
      ts: new Date(base + t++ * 1000).toISOString(),
      sessionId,
      project,
      projectPath,
      data,
      text,
    } as NewEvent);
    n++;
  };
  for (let i = 0; i < sessions; i++) {
    const s = `${o.sessionPrefix ?? 'sess'}-${project}-${i}`;
    ev(s, 'session_start', { source: 'startup' });
    ev(
      s,
      'prompt',
      { text: `fix the failing login test in auth module please (${i})` },
      'fix the failing login test',
    );
    ev(s, 'tool_use', { tool: 'Read', input: { file_path: 'src/auth.ts' }, success: 1 });
    ev(s, 'tool_use', { tool: 'Edit', input: { file_path: 'src/auth.ts' }, success: 1 });
    ev(s, 'tool_error', {
      tool: 'Bash',
      error: "Error: Cannot find module '<PATH>'",
      errorRaw: "Error: Cannot find module './dist/auth.js'",
      filePath: 'dist/auth.js',
    });
    ev(s, 'tool_use', { tool: 'Bash', input: { command: 'npm run build' }, success: 1 });
    ev(s, 'resolution', {
      error: "Error: Cannot find module '<PATH>'",
      tool: 'Bash',
      resolvedBy: 'Bash',
      resolution: 'Bash: npm run build && npm test',
    });
    ev(s, 'tool_use', { tool: 'Edit', input: { file_path: 'src/auth.ts' }, success: 1 });
    ev(s, 'tool_use', { tool: 'Bash', input: { command: 'npm test' }, success: 1 });
    ev(s, 'subagent_stop', {
      agentType: 'executor',
      agentId: `a${i}`,
      success: i === 0 ? 0 : 1,
      ...(i === 0 ? { failureReason: 'tests still failing' } : {}),
    });
    ev(s, 'subagent_stop', { agentType: 'Explore', agentId: `b${i}`, success: 1 });
    ev(s, 'session_summary', { reason: 'other' });
  }
  return n;
}

export const GOOD_ANSWER = {
  summary: 'The login test keeps failing because dist/ is stale.',
  suggestions: [
    {
      type: 'claude_md',
      rule: 'Run `npm run build` before `npm test`: the tests import dist/.',
      summary: "Cannot find module './dist/auth.js' 3× in 3 sessions, fixed each time by npm run build.",
      project: 'proj',
    },
    {
      type: 'skill',
      rule: 'A skill for fixing the login test',
      summary: 'The same request in 3 sessions.',
      project: null,
      skill: {
        name: 'Fix Login Test',
        description: 'Use when the login test fails',
        body: '1. npm run build\n2. npm test -- login',
      },
    },
    {
      type: 'hook',
      rule: 'Build before running the tests',
      summary: 'Prevents the stale dist error.',
      project: 'proj',
      hook: { event: 'PreToolUse', matcher: 'Bash', command: 'test -d dist || npm run build' },
    },
  ],
};

/**
 * A fake `claude`: records argv, stdin and SELF_GEN_DISABLE into `<dir>/fake-claude.log.json`,
 * then behaves per FAKE_CLAUDE_MODE: `result` (prints FAKE_CLAUDE_RESULT as Claude Code's JSON
 * result), `sleep`, `exit` (code 3, a stderr line), `api_error`, `garbage` (not JSON).
 */
export function writeFakeClaude(dir: string): string {
  const path = join(dir, 'fake-claude.mjs');
  writeFileSync(
    path,
    `#!/usr/bin/env node
import { writeFileSync } from 'node:fs';
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => (input += d));
process.stdin.on('end', () => {
  writeFileSync(${JSON.stringify(join(dir, 'fake-claude.log.json'))}, JSON.stringify({ argv: process.argv.slice(2), stdin: input, disable: process.env.SELF_GEN_DISABLE ?? null, cwd: process.cwd() }));
  const mode = process.env.FAKE_CLAUDE_MODE ?? 'result';
  if (mode === 'sleep') { setTimeout(() => {}, 60000); return; }
  if (mode === 'exit') { process.stderr.write('boom: something broke\\n'); process.exit(3); }
  if (mode === 'garbage') { process.stdout.write('Hello, I am not Claude Code\\n'); return; }
  if (mode === 'api_error') { process.stdout.write(JSON.stringify({ type: 'result', subtype: 'success', is_error: true, result: 'API Error: 401 invalid x-api-key' })); process.exit(1); }
  process.stdout.write(JSON.stringify({ type: 'result', subtype: 'success', is_error: false, result: process.env.FAKE_CLAUDE_RESULT ?? '' }));
});
`,
  );
  chmodSync(path, 0o755);
  return path;
}
