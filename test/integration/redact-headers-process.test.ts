// Credential headers (Cookie, Set-Cookie, session and API-key headers, Authorization without a
// scheme) and curl's cookie flag never reach disk: real hook processes record the commands, their
// output and their errors, then the raw bytes of every file of the data home (database, WAL) are
// searched for each value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook } from '../helpers/hook-proc.js';
import { redact } from '../../src/common/redact.js';

// Values built at test time, so no literal credential sits in the source.
const v = (name: string): string => `${name}${'Qx7'.repeat(3)}${name.length}zz41`;
const CASES: { name: string; text: string; secret: string }[] = [
  {
    name: 'curl -H Cookie',
    text: `curl -H 'Cookie: session=${v('ck')}' https://example.test/api`,
    secret: v('ck'),
  },
  {
    name: 'Cookie with several pairs',
    text: `curl -H "Cookie: theme=dark; sid=${v('sid')}" https://example.test/`,
    secret: v('sid'),
  },
  {
    name: 'Set-Cookie in a response',
    text: `HTTP/1.1 200 OK\nSet-Cookie: session=${v('sc')}; Path=/; HttpOnly\nContent-Type: text/html`,
    secret: v('sc'),
  },
  { name: 'curl -b', text: `curl -b 'session=${v('cb')}' https://example.test/`, secret: v('cb') },
  { name: 'curl --cookie', text: `curl --cookie session=${v('cc')} https://example.test/`, secret: v('cc') },
  { name: 'X-Session-Token', text: `curl -H 'X-Session-Token: ${v('xs')}' https://x.test`, secret: v('xs') },
  {
    name: 'X-Api-Key short',
    text: `curl -H 'X-Api-Key: ${'k9'}${v('')}' https://x.test`,
    secret: `k9${v('')}`,
  },
  {
    name: 'Authorization without a scheme',
    text: `wget --header='Authorization: ${v('az')}' https://x.test`,
    secret: v('az'),
  },
  {
    name: 'JSON headers object',
    text: `fetch(url, { headers: { "Cookie": "session=${v('js')}" } })`,
    secret: v('js'),
  },
];

function allFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    const st = lstatSync(p);
    if (st.isDirectory()) out.push(...allFiles(p));
    else if (st.isFile()) out.push(p);
  }
  return out;
}

describe('credential headers are redacted before they are stored or printed', () => {
  let t: TempEnv;
  const screen: string[] = [];

  beforeAll(async () => {
    t = tempEnv('sg-headers-');
    const env = { ...t.env, SELF_GEN_NO_BACKGROUND: '1', CLAUDE_PROJECT_DIR: t.project };
    const base = { session_id: 'headers', cwd: t.project, transcript_path: join(t.dir, 'main.jsonl') };
    const hook = async (event: string, payload: object): Promise<void> => {
      const r = await runHook(event, { ...base, hook_event_name: event, ...payload }, env);
      screen.push(r.stdout, r.stderr);
    };
    await hook('SessionStart', { source: 'startup' });
    for (const c of CASES) {
      await hook('UserPromptSubmit', { prompt: `try ${c.text}` });
      await hook('PostToolUseFailure', {
        tool_name: 'Bash',
        tool_input: { command: c.text },
        error: `Exit code 22\n${c.text}`,
      });
      await hook('PostToolUse', {
        tool_name: 'Bash',
        tool_input: { command: c.text },
        tool_response: { stdout: c.text, stderr: '' },
      });
    }
  });
  afterAll(() => t?.cleanup());

  it('the hooks recorded the commands (not vacuous)', () => {
    const files = allFiles(t.home).filter((f) => /\.db(-wal)?$/.test(f) || f.endsWith('.sqlite'));
    expect(files.length).toBeGreaterThan(0);
    const raw = allFiles(t.home)
      .map((f) => readFileSync(f).toString('latin1'))
      .join('\n');
    expect(raw).toContain('example.test');
    expect(raw).toContain('[REDACTED]');
  });

  for (const c of CASES) {
    it(`${c.name}: the value is on no file of the data home (WAL included) and never printed`, () => {
      expect(redact(c.text)).not.toContain(c.secret);
      for (const f of allFiles(t.home)) {
        expect(readFileSync(f).toString('latin1'), f).not.toContain(c.secret);
      }
      expect(screen.join('\n')).not.toContain(c.secret);
    });
  }

  it('ordinary text that mentions the headers stays readable', () => {
    expect(redact('Error: missing Cookie header')).toBe('Error: missing Cookie header');
    expect(redact('max_tokens: 4096')).toBe('max_tokens: 4096');
    expect(redact('cookie_name=sid')).toBe('cookie_name=sid');
    expect(redact('Authorization: Bearer [REDACTED]')).toBe('Authorization: Bearer [REDACTED]');
  });
});
