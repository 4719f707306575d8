// The warm hook server speaks the language of each hook call: the locale of the client that called
// it (LC_ALL, then LC_MESSAGES, then LANG), not the one of whichever session started the server.
// Through the real server and both warm clients, one server answering calls of either language.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { pingHookServer, stopHookServer } from '../../src/hook/host/server-client.js';
import { closeDb, getDb } from '../../src/db/db.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { parseHookOutput } from '../helpers/hook-proc.js';
import { failure, seedKb } from '../helpers/pre-tool-guide.js';
import { runWarm, spawnServer, waitForServer, WARM_CLIENTS, type WarmClient } from '../helpers/warm.js';

const HANGUL = /[\uAC00-\uD7AF]/;
const NPM =
  'Exit code 1\nnpm ERR! code ENOENT\nnpm ERR! enoent Could not read package.json: Error: ENOENT: no such file or directory';

/** The environment with its locale variables replaced by `vars`. */
const withLocale = (base: NodeJS.ProcessEnv, vars: Record<string, string>): NodeJS.ProcessEnv => {
  const env = { ...base };
  delete env.LC_ALL;
  delete env.LC_MESSAGES;
  delete env.LANG;
  return { ...env, ...vars };
};

let t: TempEnv;
let env: NodeJS.ProcessEnv;
const children: ChildProcess[] = [];

beforeEach(() => {
  t = tempEnv('sg-warm-locale-');
  env = {
    ...t.env,
    SELF_GEN_NO_BACKGROUND: '1',
    SELF_GEN_NO_HOOK_SERVER: '1', // the process path starts no second server
    CLAUDE_PROJECT_DIR: t.project,
  };
  const db = getDb({ env });
  seedKb(db, NPM, 'Bash: cd app && npm test');
  closeDb();
});
afterEach(async () => {
  await stopHookServer({ env }).catch(() => false);
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  t.cleanup();
});

/** The advice text one warm call gets, and whether the server (not the process path) answered it. */
async function advise(client: WarmClient, vars: Record<string, string>, n: number) {
  const before = (await pingHookServer({ env }))!.requests;
  const input = failure(t.project, 'Bash', { command: 'npm test' }, NPM, { session_id: `s-${client}-${n}` });
  const r = await runWarm('PostToolUseFailure', input, withLocale(env, vars), { client });
  expect(r.code).toBe(0);
  const after = (await pingHookServer({ env }))!.requests;
  const out = parseHookOutput(r.stdout) as { hookSpecificOutput?: { additionalContext?: string } } | null;
  return { text: out?.hookSpecificOutput?.additionalContext ?? '', byServer: after - before - 1 === 1 };
}

describe('the warm server takes the locale of each call', () => {
  for (const client of WARM_CLIENTS)
    it(`${client} client: a Korean call, an English one, Korean again, from one server`, async () => {
      // The server itself starts in a Korean environment (as if the first session were Korean).
      const c = spawnServer(withLocale(env, { LANG: 'ko_KR.UTF-8' }));
      children.push(c);
      expect(await waitForServer(env)).toBe(c.pid);

      const ko = await advise(client, { LANG: 'ko_KR.UTF-8' }, 1);
      expect(ko.byServer).toBe(true);
      expect(ko.text).toContain('이 에러는 이전에 해결된 적이 있습니다');

      const en = await advise(client, { LANG: 'en_US.UTF-8' }, 2);
      expect(en.byServer).toBe(true);
      expect(en.text).toContain('This error was resolved before');
      expect(en.text).not.toMatch(HANGUL);

      // POSIX order: LC_ALL over LC_MESSAGES over LANG.
      const enAll = await advise(client, { LC_ALL: 'C.UTF-8', LC_MESSAGES: 'ko_KR.UTF-8' }, 3);
      expect(enAll.byServer).toBe(true);
      expect(enAll.text).not.toMatch(HANGUL);
      const koMsg = await advise(client, { LC_MESSAGES: 'ko_KR.UTF-8', LANG: 'en_US.UTF-8' }, 4);
      expect(koMsg.byServer).toBe(true);
      expect(koMsg.text).toContain('이 에러는 이전에 해결된 적이 있습니다');
    });
});
