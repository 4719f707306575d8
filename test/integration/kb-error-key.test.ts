// #13.4 One extraction + normalisation path: a raw tool error gets the same KB key, and the same
// answer, from the hooks (collector, error advice) and from the CLI (kb add, kb search). Real
// processes: the built hook entry with the fixture's PostToolUseFailure payload, and dist/cli.js.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorKey, KEY_VERSION } from '../../src/error-kb/error-key.js';
import { extractErrorMessage, normalizeError } from '../../src/error-kb/normalize.js';
import { cliAsync } from '../helpers/cli.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook } from '../helpers/hook-proc.js';
import { contextOf, ensureBuilt, payload } from '../helpers/pre-tool-guide.js';

const cli = (args: string[], env: NodeJS.ProcessEnv) => cliAsync(env, args);

// Raw `error` fields as Claude Code sends them (Bash: an `Exit code N` line first).
const RAW: { name: string; tool: string; input: Record<string, unknown>; error: string }[] = [
  {
    name: 'npm ERESOLVE after Exit code 1',
    tool: 'Bash',
    input: { command: 'npm install' },
    error:
      'Exit code 1\nnpm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree\nnpm ERR! \nnpm ERR! Found: react@18.2.0',
  },
  {
    name: 'python traceback after Exit code 1',
    tool: 'Bash',
    input: { command: 'python app.py' },
    error:
      'Exit code 1\nTraceback (most recent call last):\n  File "/srv/app/app.py", line 3, in <module>\n    import requests\nModuleNotFoundError: No module named \'requests\'',
  },
  {
    name: 'webpack contraction after Exit code 2',
    tool: 'Bash',
    input: { command: 'npx webpack' },
    error:
      "Exit code 2\nasset main.js 1.2 KiB [emitted]\nERROR in ./src/index.js 3:0-26\nModule not found: Error: Can't resolve 'react' in '/app/src'",
  },
  {
    name: 'Claude Code tool error',
    tool: 'Edit',
    input: { file_path: '/tmp/x.ts', old_string: 'a', new_string: 'b' },
    error: '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>',
  },
  {
    name: 'a secret in the error',
    tool: 'Bash',
    input: { command: 'git push' },
    error:
      'Exit code 128\nremote: Invalid username or password.\nfatal: Authentication failed for https://ghp_abcdefghijklmnopqrstuvwxyz0123456789@github.com/acme/app.git/',
  },
];

describe('#13.4 errorKey: one extraction + normalisation path', () => {
  it('is redact → extractErrorMessage → normalizeError, and drops Bash `Exit code N` lines', () => {
    for (const r of RAW) {
      const k = errorKey(r.error);
      expect(k.normalized).toBe(normalizeError(extractErrorMessage(k.raw)));
      expect(k.normalized).not.toMatch(/Exit code/);
      expect(k.normalized).not.toMatch(/ghp_/);
    }
    expect(errorKey('Exit code 1\nnpm ERR! code ERESOLVE').normalized).toBe('npm ERR! code ERESOLVE');
    expect(errorKey(undefined)).toEqual({
      raw: '',
      message: '',
      normalized: '',
      signature: [],
      version: KEY_VERSION,
    });
  });
});

describe('#13.4 CLI and hooks give the same key and the same answer for the same raw error', () => {
  let t: TempEnv;
  let env: NodeJS.ProcessEnv;
  beforeAll(() => {
    ensureBuilt();
  });
  beforeEach(() => {
    t = tempEnv('sg-error-key-');
    env = { ...t.env, SELF_GEN_NO_BACKGROUND: '1' };
  });
  afterEach(() => t.cleanup());

  for (const [i, r] of RAW.entries()) {
    it(`${r.name}: hook-recorded key = kb add key; kb search and the hook's advice find the entry`, async () => {
      const fail = (session: string) =>
        payload('04', t.project, {
          session_id: session,
          tool_name: r.tool,
          tool_input: r.input,
          error: r.error,
          tool_use_id: `toolu_key_${i}_${session}`,
        });
      // 1. the hook records the error (nothing known yet: no advice)
      let h = await runHook('PostToolUseFailure', fail('11111111-0000-4000-8000-000000000001'), env);
      expect(h.code).toBe(0);
      expect(h.stdout).toBe('');
      const db = new Database(join(t.home, 'data', 'self-gen.db'), { readonly: true });
      const recorded = (
        db
          .prepare(`SELECT json_extract(data, '$.error') AS e FROM events WHERE type = 'tool_error'`)
          .get() as { e: string }
      ).e;
      db.close();
      expect(recorded).toBe(errorKey(r.error).normalized);

      // 2. the CLI adds the same raw error by hand: the same key
      const fix = `Bash: make case${i}`; // a typed fix of commands only: offered in any project
      const add = await cli(['kb', 'add', r.error, '-r', fix, '-t', 'Bash'], env);
      expect(add.code).toBe(0);
      const saved = /^saved #(\d+): (.*)$/m.exec(add.stdout);
      expect(saved?.[2]).toBe(recorded);
      const id = Number(saved?.[1]);

      // 3. the CLI search with the raw text answers what the hook answers
      const s = await cli(['kb', 'search', '--tiers', 'exact,similar', '--json', r.error], env);
      expect(s.code).toBe(0);
      const found = JSON.parse(s.stdout) as { normalized: string; match: { id: number; tier: string } };
      expect(found.normalized).toBe(recorded);
      expect(found.match.id).toBe(id);
      expect(found.match.tier).toBe('exact');
      h = await runHook('PostToolUseFailure', fail('22222222-0000-4000-8000-000000000002'), env);
      expect(h.code).toBe(0);
      expect(contextOf(h.stdout, 'PostToolUseFailure')).toContain(fix);
    });
  }
});
