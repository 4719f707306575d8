// Issue #32 item 4: a fix proven inside a turn is advised at the next failure of that same turn,
// through the built hook process, with only what Claude Code gives the hooks: PostToolUseFailure
// for each error, and the transcript growing line by line (no PostToolUse hook for Bash or MCP
// tools: successes are read from the transcript). No background job runs (the fix policy's judge
// has not run yet), and no Stop comes between the fix and the recurrence.
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook } from '../helpers/hook-proc.js';
import { contextOf, ensureBuilt, payload } from '../helpers/pre-tool-guide.js';

let t: TempEnv;
let transcript: string;
const SESSION = 'sess-advice-in-turn';

beforeEach(() => {
  t = tempEnv('sg-turn-');
  t.env.SELF_GEN_NO_BACKGROUND = '1';
  t.env.LC_ALL = 'en_US.UTF-8';
  transcript = join(t.dir, `${SESSION}.jsonl`);
  writeFileSync(transcript, '');
});
afterEach(() => t.cleanup());

/** Each line gets the time it is written at, as Claude Code writes them. */
async function line(obj: Record<string, unknown>): Promise<void> {
  await sleep(3);
  appendFileSync(transcript, JSON.stringify({ ...obj, timestamp: new Date().toISOString() }) + '\n');
  await sleep(3);
}
const base = () => ({ session_id: SESSION, transcript_path: transcript, cwd: t.project });
const hook = (event: string, p: Record<string, unknown>) =>
  runHook(event, { ...payload('01', t.project), ...p, ...base(), hook_event_name: event }, t.env, {
    cwd: t.project,
  });

let n = 0;
/**
 * One tool call of the turn: the call line, then (for an error) the PostToolUseFailure hook and its
 * answer, then the result line. Returns the advice given ('' when none).
 */
async function call(tool: string, input: Record<string, unknown>, error?: string): Promise<string> {
  const id = `toolu_turn_${++n}`;
  await line({
    type: 'assistant',
    message: { role: 'assistant', content: [{ type: 'tool_use', id, name: tool, input }] },
  });
  let advice = '';
  if (error !== undefined) {
    const r = await hook('PostToolUseFailure', {
      ...payload('04', t.project),
      tool_name: tool,
      tool_input: input,
      tool_use_id: id,
      error,
      is_interrupt: false,
    });
    expect(r.code).toBe(0);
    advice = r.stdout.trim() ? contextOf(r.stdout, 'PostToolUseFailure') : '';
  }
  await line({
    type: 'user',
    message: {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: id, content: error ?? 'ok', is_error: error !== undefined },
      ],
    },
    toolUseResult: error !== undefined ? `Error: ${error}` : { stdout: 'ok', stderr: '' },
  });
  return advice;
}

async function startTurn(): Promise<void> {
  expect((await hook('SessionStart', { ...payload('01', t.project) })).code).toBe(0);
  await line({ type: 'user', message: { role: 'user', content: 'build the site and upload the logo' } });
  const r = await hook('UserPromptSubmit', { ...payload('02', t.project), prompt: 'build it' });
  expect(r.code).toBe(0);
}

describe('#32.4 a fix proven in the turn is advised at the next failure of the same turn', () => {
  it('Bash: error → install → the same command passes → the same error again → advice names the install', async () => {
    ensureBuilt();
    await startTurn();
    const ERR =
      "Exit code 1\nnode:internal/modules/cjs/loader:1228\n  throw err;\n  ^\n\nError: Cannot find module 'esbuild'\nRequire stack:\n- /srv/site/scripts/build.js";
    expect(await call('Bash', { command: 'node scripts/build.js' }, ERR)).toBe('');
    await call('Bash', { command: 'npm install --save-dev esbuild' });
    await call('Bash', { command: 'node scripts/build.js' });
    // the same error again, from another script of the project, in the same turn
    const again = await call(
      'Bash',
      { command: 'node scripts/watch.js' },
      ERR.replace('build.js', 'watch.js'),
    );
    expect(again).toContain('npm install --save-dev esbuild');
    expect(again).toMatch(/this project/);
  });

  it('an MCP tool: upload refused without its modal → click the upload button → upload passes → refused again → advice names the click', async () => {
    ensureBuilt();
    await startTurn();
    const UPLOAD = 'mcp__playwright__browser_file_upload';
    const ERR =
      '### Result\nError: The tool "browser_file_upload" can only be used when there is related modal state present.';
    const file = { paths: ['/srv/site/public/logo.png'] };
    expect(await call(UPLOAD, file, ERR)).toBe('');
    await call('mcp__playwright__browser_snapshot', {}); // only looked: not a step of the fix
    await call('mcp__playwright__browser_click', { element: 'Upload logo button', ref: 'e42' });
    await call(UPLOAD, file);
    const again = await call(UPLOAD, { paths: ['/srv/site/public/logo.png'] }, ERR);
    expect(again).toContain('mcp__playwright__browser_click');
    expect(again).toContain('Upload logo button');
    const fix = again.split('\n').find((l) => l.startsWith('Fix:'));
    expect(fix).toContain('mcp__playwright__browser_click');
    expect(fix).not.toContain('browser_snapshot'); // (the path of calls shows it; the fix does not)
  });

  it('no advice for an error of another kind in the same turn (the fix stays with its error)', async () => {
    ensureBuilt();
    await startTurn();
    const ERR =
      "Exit code 1\nError: Cannot find module 'esbuild'\nRequire stack:\n- /srv/site/scripts/build.js";
    await call('Bash', { command: 'node scripts/build.js' }, ERR);
    await call('Bash', { command: 'npm install --save-dev esbuild' });
    await call('Bash', { command: 'node scripts/build.js' });
    const other = await call(
      'Bash',
      { command: 'node scripts/deploy.js' },
      "Exit code 1\nError: ENOENT: no such file or directory, open '/srv/site/dist/index.html'",
    );
    expect(other).toBe('');
  });
});
