// Reliability: generated bad payloads for every hook. Each run exits 0, prints nothing or one valid
// hook JSON object, within the run's kill timeout. FUZZ_N sets the number per hook (default 1000).
// (How long a hook takes is measured by the benchmarks, not asserted here.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { HOOK_SPECS } from '../../src/cli/install.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook } from '../helpers/hook-proc.js';
import { pool } from '../helpers/pool.js';

const N = Number(process.env.FUZZ_N ?? 1000);

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

const WEIRD: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  NaN,
  '',
  'x'.repeat(300_000),
  '\u0000\uD800\uDFFF\u202E',
  [],
  [1, [2, [3]]],
  {},
  { __proto__: { polluted: true } },
  { constructor: { prototype: { x: 1 } } },
  '../../../etc/passwd',
  '"; DROP TABLE events; --',
  '%s%n%x',
  '한국어 에러 메시지 <private>비밀</private>',
];

/** One bad payload for `event`: binary, truncated, wrong types, huge, nested, or hostile values. */
export function badPayload(event: string, r: () => number, project: string): string | Buffer {
  const pick = <T>(a: T[]): T => a[Math.floor(r() * a.length)]!;
  const base: Record<string, unknown> = {
    hook_event_name: event,
    session_id: `fuzz-${Math.floor(r() * 5)}`,
    cwd: project,
    transcript_path: join(project, 'nope.jsonl'),
    tool_name: pick(['Bash', 'Edit', 'Write', 'Agent', 'Task', 'Read', 'mcp__x__y']),
    tool_input: { command: 'ls', file_path: join(project, 'a.ts'), subagent_type: 'executor' },
    agent_id: 'a1',
    agent_type: pick(['executor', 'reviewer', 'general-purpose']),
    agent_transcript_path: join(project, 'missing.jsonl'),
    error: 'Exit code 1\nboom',
    prompt: 'hello',
  };
  const kind = Math.floor(r() * 9);
  switch (kind) {
    case 0: {
      const len = Math.floor(r() * 4096);
      return Buffer.from(Array.from({ length: len }, () => Math.floor(r() * 256)));
    }
    case 1: {
      const s = JSON.stringify(base);
      return s.slice(0, Math.floor(r() * s.length));
    }
    case 2: {
      const keys = Object.keys(base);
      for (let i = 0; i < 3; i++) base[pick(keys)] = pick(WEIRD);
      return JSON.stringify(base);
    }
    case 3: {
      base.tool_input = {
        command: pick(WEIRD),
        file_path: pick(WEIRD),
        subagent_type: pick(WEIRD),
        old_string: pick(WEIRD),
      };
      base.tool_response = pick(WEIRD);
      return JSON.stringify(base);
    }
    case 4: {
      let nested: unknown = 'leaf';
      for (let i = 0; i < 2000 + Math.floor(r() * 3000); i++) nested = [nested];
      base.tool_input = { deep: nested };
      return JSON.stringify(base);
    }
    case 5:
      return JSON.stringify(pick(WEIRD));
    case 6:
      base.prompt = 'p'.repeat(1 + Math.floor(r() * 2_000_000));
      base.error = base.prompt;
      return JSON.stringify(base);
    case 7:
      return JSON.stringify({
        ...base,
        hook_event_name: pick([event, 'Other', 42, null]),
        session_id: pick(['', null, 7, 's'.repeat(600), 'ok']),
      });
    default:
      return JSON.stringify(base).replace(/"/g, () => (r() < 0.02 ? "'" : '"'));
  }
}

describe('fuzzed payloads', () => {
  let t: TempEnv;
  beforeAll(() => {
    t = tempEnv('sg-fuzz-');
  });
  afterAll(() => t.cleanup());

  for (const spec of HOOK_SPECS) {
    it(`${spec.event}: ${N} bad payloads, all exit 0 with nothing or one valid object`, async () => {
      const r = rng(spec.event.length * 7919);
      const env = { ...t.env, SELF_GEN_NO_BACKGROUND: '1' };
      const bodies = Array.from({ length: N }, () => badPayload(spec.event, r, t.project));
      // killed after 100 s (runHook's hang guard): the hook's own deadline (8 s) ends it long before
      const results = await pool(bodies, 2, (b) => runHook(spec.event, b, env));
      results.forEach((res, i) => {
        expect(res.code, `payload ${i}: exit code (stderr ${res.stderr.slice(0, 200)})`).toBe(0);
        expect(res.stderr, `payload ${i}: stderr`).toBe('');
        const out = res.stdout.trim();
        if (out) {
          expect(out.split('\n'), `payload ${i}: one line`).toHaveLength(1);
          const o = JSON.parse(out) as {
            hookSpecificOutput: { hookEventName: string; additionalContext: string };
          };
          expect(o.hookSpecificOutput.hookEventName).toBe(spec.event);
          expect(o.hookSpecificOutput.additionalContext.length).toBeLessThanOrEqual(10_000);
        }
      });
      const db = new Database(join(t.home, 'data', 'self-gen.db'), { readonly: true });
      expect((db.pragma('quick_check') as { quick_check: string }[])[0]!.quick_check).toBe('ok');
      db.close();
    }, 1_800_000);
  }
});
