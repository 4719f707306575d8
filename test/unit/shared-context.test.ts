// Shared context between subagents (docs/shared-context.md): handler tests, one per requirement,
// against the real Claude Code 2.1.197 fixtures and transcripts written in the same format.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { hostname } from 'node:os';
import { createDeps } from '../../src/hook/runtime/deps.js';
import { dispatch } from '../../src/hook/runtime/runner.js';
import type { HookDeps, HookInput } from '../../src/hook/contract/types.js';
import { sharedContextHandlers } from '../../src/shared-context/handlers.js';
import {
  onAgentToolDone,
  onSessionEnd,
  onSessionStart,
  onSubagentStart,
  onSubagentStop,
} from '../../src/shared-context/handlers.js';
import { categoriesFor, registerAgentFilter, resolveConfig } from '../../src/shared-context/config.js';
import { parseSummary, renderSummary, type Entry } from '../../src/shared-context/entry.js';
import { findingLines, isNavigationCommand } from '../../src/shared-context/extract.js';
import { registerExtractionRule } from '../../src/shared-context/rule-registry.js';
import { buildContext, buildDigest } from '../../src/shared-context/inject.js';
import { bareLeaks, PLANTED } from '../helpers/quoted.js';
import { acquireLock } from '../../src/common/lock.js';
import { sanitizePart } from '../../src/shared-context/file-store.js';
import { loadConfig } from '../../src/common/config.js';
import { FIXTURES, tempEnv, type TempEnv } from '../helpers/env.js';

const PAYLOADS = join(FIXTURES, 'hook-payloads');
const FIXTURE_TRANSCRIPT = join(FIXTURES, 'transcripts', 'subagent-agent-a0ecf4913e38a93c2.jsonl');
const SID = '1d781026-4b91-4581-b3a2-f91871abc842';

function payload(name: string, over: Record<string, unknown> = {}): HookInput {
  return { ...(JSON.parse(readFileSync(join(PAYLOADS, name), 'utf8')) as HookInput), ...over } as HookInput;
}

// --- transcripts in the real format (lines cloned from the fixture and changed) -------------------
const FIXTURE_LINES = readFileSync(FIXTURE_TRANSCRIPT, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Record<string, unknown>);
const TOOL_USE_LINE = FIXTURE_LINES.find((l) => JSON.stringify(l).includes('"tool_use"'))!;
const TOOL_RESULT_LINE = FIXTURE_LINES.find((l) => JSON.stringify(l).includes('"tool_result"'))!;
const FINAL_LINE = FIXTURE_LINES[FIXTURE_LINES.length - 1]!;

interface Call {
  name: string;
  input: Record<string, unknown>;
  error?: string;
  result?: string;
}

let seq = 0;
function transcriptLines(calls: Call[], final: string): string[] {
  const out: string[] = [JSON.stringify(FIXTURE_LINES[0])];
  for (const c of calls) {
    const id = `toolu_t${++seq}`;
    const use = structuredClone(TOOL_USE_LINE) as { message: { content: unknown[] } };
    use.message.content = [{ type: 'tool_use', id, name: c.name, input: c.input }];
    out.push(JSON.stringify(use));
    const res = structuredClone(TOOL_RESULT_LINE) as {
      message: { content: unknown[] };
      toolUseResult?: unknown;
    };
    res.message.content = [
      {
        tool_use_id: id,
        type: 'tool_result',
        content: c.error ?? c.result ?? 'ok',
        is_error: c.error !== undefined,
      },
    ];
    out.push(JSON.stringify(res));
  }
  const fin = structuredClone(FINAL_LINE) as { message: { content: unknown[] } };
  fin.message.content = [{ type: 'text', text: final }];
  out.push(JSON.stringify(fin));
  return out;
}

let t: TempEnv;
let env: NodeJS.ProcessEnv;

function deps(input: HookInput, now?: Date): HookDeps {
  const d = createDeps(input, env);
  return now ? { ...d, now: () => now } : d;
}

function writeTranscript(name: string, calls: Call[], final: string, extraLines: string[] = []): string {
  const path = join(t.dir, `${name}.jsonl`);
  writeFileSync(path, [...extraLines, ...transcriptLines(calls, final)].join('\n') + '\n');
  return path;
}

function stopPayload(
  agentType: string,
  agentId: string,
  transcript: string | undefined,
  last?: string,
): HookInput {
  return payload('11-SubagentStop.json', {
    cwd: t.project,
    agent_type: agentType,
    agent_id: agentId,
    agent_transcript_path: transcript,
    last_assistant_message: last,
  });
}

function stop(agentType: string, agentId: string, calls: Call[], final: string, now?: Date): void {
  const tr = writeTranscript(`${agentType}-${agentId}`, calls, final);
  const input = stopPayload(agentType, agentId, tr, final);
  onSubagentStop(input, deps(input, now));
}

function start(agentType: string, agentId: string): string | null {
  const input = payload('08-SubagentStart.json', {
    cwd: t.project,
    agent_type: agentType,
    agent_id: agentId,
  });
  return onSubagentStart(input, deps(input))?.additionalContext ?? null;
}

const sessionDir = () => join(t.project, '.claude', 'shared-context', SID);
const summaryText = () => readFileSync(join(sessionDir(), '_summary.md'), 'utf8');

beforeEach(() => {
  t = tempEnv('sg-sc-');
  env = { ...t.env, CLAUDE_PROJECT_DIR: t.project };
});
afterEach(() => t.cleanup());

describe('FR-1 store', () => {
  it('FR-1.1/FR-1.2/FR-1.3: the fixture SubagentStop writes .claude/shared-context/<session>/<type>-<id>.md', () => {
    const tr = join(t.dir, 'agent-a32c958c9f43b4a04.jsonl');
    copyFileSync(FIXTURE_TRANSCRIPT, tr);
    const input = payload('11-SubagentStop.json', { cwd: t.project, agent_transcript_path: tr });
    onSubagentStop(input, deps(input));
    const file = join(sessionDir(), 'general-purpose-a32c958c9f43b4a04.md');
    expect(existsSync(file)).toBe(true);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('`echo subagent-ran` → ok'); // the Bash call of the real transcript
    expect(text).toContain('Issue: missing null check in parse()');
  });

  it('FR-1.4: _summary.md aggregates every contribution, oldest first, and re-parses exactly', () => {
    stop(
      'Explore',
      'a1',
      [{ name: 'Read', input: { file_path: join(t.project, 'src/x.ts') } }],
      'Found the parser in src/x.ts',
    );
    stop(
      'executor',
      'a2',
      [{ name: 'Write', input: { file_path: join(t.project, 'src/a.ts'), content: 'x' } }],
      'Done.',
    );
    const doc = parseSummary(summaryText());
    expect(doc.session).toBe(SID);
    expect(doc.entries.map((e) => e.agentId)).toEqual(['a1', 'a2']);
    expect(parseSummary(renderSummary(doc)).entries).toEqual(doc.entries);
  });

  it('FR-1.2: session and agent ids are sanitized before they become path parts', () => {
    const input = stopPayload(
      '../../evil/type',
      '../../../x',
      writeTranscript('e', [], 'Issue: escape attempt'),
      'Issue: escape attempt',
    );
    input.session_id = '../../../../tmp/owned';
    onSubagentStop(input, deps(input));
    const root = join(t.project, '.claude', 'shared-context');
    const sessions = readdirSync(root).filter((n) => !n.startsWith('.'));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);
    const files = readdirSync(join(root, sessions[0]!));
    expect(files.some((f) => /^evil_type-[0-9a-f]{8}-x-[0-9a-f]{8}\.md$/.test(f))).toBe(true);
    expect(existsSync(join(t.dir, 'tmp'))).toBe(false);
    expect(sanitizePart('a/b')).not.toBe(sanitizePart('a_b'));
    expect(sanitizePart(SID)).toBe(SID);
    expect(sanitizePart(undefined, 'agent')).toBe('agent');
    expect(sanitizePart('..', 'x')).toMatch(/^x-[0-9a-f]{8}$/);
  });

  it('NFR-3: the folder is added to the project .gitignore once', () => {
    writeFileSync(join(t.project, '.gitignore'), 'node_modules/');
    stop('executor', 'g1', [], 'Issue: one');
    // A second session creates another folder: still one line.
    const input = stopPayload('executor', 'g2', writeTranscript('g2', [], 'Issue: two'), 'Issue: two');
    input.session_id = 'other-session';
    onSubagentStop(input, deps(input));
    const gi = readFileSync(join(t.project, '.gitignore'), 'utf8');
    expect(gi.startsWith('node_modules/\n')).toBe(true);
    expect(gi.split('\n').filter((l) => l === '.claude/shared-context/')).toHaveLength(1);
  });
});

describe('FR-2 injection (SubagentStart)', () => {
  it('FR-2.1/FR-4.1: injects the summary and names the exact file for THIS agent', () => {
    stop(
      'Explore',
      'a1',
      [{ name: 'Write', input: { file_path: join(t.project, 'src/a.ts'), content: 'x' } }],
      '## Findings\n- Issue: parse() lacks a null check',
    );
    const ctx = start('general-purpose', 'a32c958c9f43b4a04');
    expect(ctx).toContain('src/a.ts (Write)');
    expect(ctx).toContain('Issue: parse() lacks a null check');
    const rel = `.claude/shared-context/${SID}/general-purpose-a32c958c9f43b4a04.md`;
    expect(ctx).toContain(rel);
    expect(ctx).toContain(join(t.project, rel)); // the absolute path for the Write tool
  });

  it('FR-2.1: through the runner the answer is one hookSpecificOutput for SubagentStart', async () => {
    stop('Explore', 'a1', [], 'Issue: X');
    const input = payload('08-SubagentStart.json', { cwd: t.project });
    const out = await dispatch(input, deps(input), sharedContextHandlers);
    const parsed = JSON.parse(out) as {
      hookSpecificOutput: { hookEventName: string; additionalContext: string };
    };
    expect(parsed.hookSpecificOutput.hookEventName).toBe('SubagentStart');
    expect(parsed.hookSpecificOutput.additionalContext).toContain('Issue: X');
  });

  it('FR-2.2: nothing is injected when the session has nothing (no folder, empty summary, all filtered out)', async () => {
    expect(start('general-purpose', 'x')).toBeNull();
    const input = payload('08-SubagentStart.json', { cwd: t.project });
    expect(await dispatch(input, deps(input), sharedContextHandlers)).toBe('');
    expect(existsSync(join(t.project, '.claude'))).toBe(false); // a start never creates anything
    mkdirSync(sessionDir(), { recursive: true });
    writeFileSync(join(sessionDir(), '_summary.md'), '');
    expect(start('general-purpose', 'x')).toBeNull();
    // Only navigation recorded; a reviewer gets no navigation → nothing.
    stop('Explore', 'a1', [{ name: 'Read', input: { file_path: join(t.project, 'src/nav.ts') } }], '');
    expect(start('code-reviewer', 'r1')).toBeNull();
    expect(start('general-purpose', 'x')).toContain('src/nav.ts');
  });

  it('FR-4.1: without agent_type/agent_id the instruction names the file SubagentStop then reads', () => {
    mkdirSync(sessionDir(), { recursive: true });
    writeFileSync(
      join(sessionDir(), 'agent-unknown.md'),
      '## Findings\n- Issue: anonymous agent wrote this\n',
    );
    stop('executor', 'a0', [], 'Issue: seed');
    const s = payload('08-SubagentStart.json', {
      cwd: t.project,
      agent_type: undefined,
      agent_id: undefined,
    });
    expect(onSubagentStart(s, deps(s))?.additionalContext).toContain(`${SID}/agent-unknown.md`);
    const input = stopPayload('', '', undefined, 'Issue: transcript');
    delete input.agent_type;
    delete input.agent_id;
    onSubagentStop(input, deps(input));
    expect(summaryText()).toContain('Issue: anonymous agent wrote this');
  });

  it('FR-2.2: instructWhenEmpty gives the instruction alone when configured', () => {
    mkdirSync(join(t.project, '.claude'), { recursive: true });
    writeFileSync(
      join(t.project, '.claude', 'shared-context-config.json'),
      JSON.stringify({ instructWhenEmpty: true }),
    );
    const ctx = start('general-purpose', 'first');
    expect(ctx).toContain(`.claude/shared-context/${SID}/general-purpose-first.md`);
  });

  it('FR-2.3: a reviewer gets code changes and findings, no navigation lines', () => {
    stop(
      'Explore',
      'nav1',
      [
        { name: 'Read', input: { file_path: join(t.project, 'src/router.ts') } },
        { name: 'Grep', input: { pattern: 'handleRequest', path: join(t.project, 'src') } },
        { name: 'Glob', input: { pattern: '**/*.spec.ts' } },
        { name: 'Bash', input: { command: 'ls -la src && cat package.json | head -5' } },
        { name: 'Edit', input: { file_path: join(t.project, 'src/b.ts'), old_string: 'a', new_string: 'b' } },
        { name: 'Bash', input: { command: 'npm test' }, error: 'Exit code 1\nFAIL src/b.test.ts' },
      ],
      '## Findings\n- Bug: handleRequest swallows errors',
    );
    const reviewer = start('code-reviewer', 'r1')!.split('\n\n공유 컨텍스트: 작업을')[0]!; // without the instruction
    expect(reviewer).toContain('src/b.ts (Edit)');
    expect(reviewer).toContain('Bug: handleRequest swallows errors');
    for (const nav of [
      'src/router.ts',
      'handleRequest"',
      '**/*.spec.ts',
      'ls -la',
      'Explored:',
      'Commands:',
      'npm test',
    ]) {
      expect(reviewer).not.toContain(nav);
    }
    // Everyone else sees the navigation and the failed command.
    const other = start('general-purpose', 'g1')!;
    expect(other).toContain('src/router.ts');
    expect(other).toContain('`npm test` → FAILED (Exit code 1: FAIL src/b.test.ts)');
  });

  it('FR-2.3/NFR-5: filters come from the project config (longest match wins) and from code', () => {
    mkdirSync(join(t.project, '.claude'), { recursive: true });
    writeFileSync(
      join(t.project, '.claude', 'shared-context-config.json'),
      JSON.stringify({ filters: { executor: ['commands'], 'executor-high': ['changes'] } }),
    );
    stop(
      'Explore',
      'a1',
      [
        { name: 'Write', input: { file_path: join(t.project, 'src/c.ts'), content: '' } },
        { name: 'Bash', input: { command: 'npm run build' } },
      ],
      'Issue: z',
    );
    const low = start('oh-my-claudecode:executor', 'e1')!;
    expect(low).toContain('npm run build');
    expect(low).not.toContain('src/c.ts');
    const high = start('oh-my-claudecode:executor-high', 'e2')!;
    expect(high).toContain('src/c.ts');
    expect(high).not.toContain('npm run build');
    const off = registerAgentFilter((type) => (type === 'silent' ? [] : null));
    try {
      expect(start('silent', 's1')).toBeNull();
    } finally {
      off();
    }
  });

  it('FR-2.4: over the cap the newest whole entries are kept, never a cut UTF-8 character', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < 12; i++) {
      stop(
        'executor',
        `k${i}`,
        [],
        `## Findings\n- 항목 ${i}: 한국어 설명과 이모지 😀🚀 ${'가나다라마바사'.repeat(20)}\n- 둘째 줄 ${'😀🚀'.repeat(60)}\n- 끝-${i}`,
        new Date(now + i * 1000),
      );
    }
    const input = payload('08-SubagentStart.json', {
      cwd: t.project,
      agent_id: 'new',
      agent_type: 'general-purpose',
    });
    const d = deps(input);
    const ctx = onSubagentStart(input, d)!.additionalContext!;
    const cfg = resolveConfig(loadConfig(env), t.project, env);
    expect(cfg.maxChars).toBe(4000);
    const [block] = ctx.split('\n\n공유 컨텍스트: 작업을');
    expect(block!.length).toBeLessThanOrEqual(4000);
    expect(ctx).toContain('끝-11'); // the newest entry is there, whole
    expect(ctx).not.toContain('끝-0');
    // whole entries only: each kept entry has its end marker
    const kept = [...ctx.matchAll(/### ` executor ` · ` (k\d+) `/g)].map((m) => m[1]);
    for (const k of kept) expect(ctx).toContain(`끝-${k!.slice(1)}`);
    expect(kept.at(-1)).toBe('k11');
    expect(ctx).toMatch(/이전 항목 \d+개 생략/);
    // never a lone surrogate: UTF-8 round trip is lossless
    expect(Buffer.from(ctx, 'utf8').toString('utf8')).toBe(ctx);
    expect(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(ctx)).toBe(false);
  });

  it('FR-2.4: the cap is configurable (global config, project file, env) and a single huge entry is cut at a character boundary', () => {
    mkdirSync(t.home, { recursive: true });
    writeFileSync(join(t.home, 'config.json'), JSON.stringify({ sharedContext: { maxChars: 1500 } }));
    expect(resolveConfig(loadConfig(env), t.project, env).maxChars).toBe(1500);
    mkdirSync(join(t.project, '.claude'), { recursive: true });
    writeFileSync(
      join(t.project, '.claude', 'shared-context-config.json'),
      JSON.stringify({ maxChars: 800 }),
    );
    expect(resolveConfig(loadConfig(env), t.project, env).maxChars).toBe(800);
    expect(
      resolveConfig(loadConfig(env), t.project, { ...env, SELF_GEN_SHARED_CONTEXT_MAX_CHARS: '600' })
        .maxChars,
    ).toBe(600);
    const lines = Array.from({ length: 40 }, (_, i) => `- 😀 finding ${i} ${'漢字'.repeat(30)}`).join('\n');
    stop('executor', 'huge', [], `## Findings\n${lines}`);
    const ctx = start('general-purpose', 'x')!;
    const [block] = ctx.split('\n\n공유 컨텍스트: 작업을');
    expect(block!.length).toBeLessThanOrEqual(800);
    expect(block).toContain('finding 0');
    expect(Buffer.from(ctx, 'utf8').toString('utf8')).toBe(ctx);
    // Character-level cut on an entry made of one very long line.
    const e: Entry = {
      agentType: 't',
      agentId: 'i',
      at: new Date().toISOString(),
      source: 'agent',
      sections: [{ category: 'notes', items: ['😀'.repeat(1000)] }],
    };
    for (let max = 300; max < 340; max++) {
      const r = buildContext([e], {
        maxChars: max,
        session: 's',
        locale: 'en',
        agentType: 'x',
        summaryRel: 'r',
      });
      if (!r) continue;
      expect(r.context.length).toBeLessThanOrEqual(max);
      expect(/[\ud800-\udbff](?![\udc00-\udfff])/.test(r.context)).toBe(false);
    }
  });
});

describe('FR-3 recording (SubagentStop)', () => {
  it('FR-3.1/FR-3.2: a Write to src/a.ts in a transcript is recorded, with edits, reads, searches, commands and findings', () => {
    stop(
      'executor',
      'w1',
      [
        { name: 'Read', input: { file_path: join(t.project, 'src/a.ts') } },
        {
          name: 'Write',
          input: { file_path: join(t.project, 'src/a.ts'), content: 'export const a = 1;\n' },
        },
        { name: 'Edit', input: { file_path: join(t.project, 'src/a.ts'), old_string: '1', new_string: '2' } },
        { name: 'Edit', input: { file_path: join(t.project, 'src/a.ts'), old_string: '2', new_string: '3' } },
        {
          name: 'Write',
          input: { file_path: join(t.project, 'src/locked.ts'), content: '' },
          error: '<tool_use_error>File has not been read yet.</tool_use_error>',
        },
        { name: 'Grep', input: { pattern: 'TODO', path: join(t.project, 'src') } },
        { name: 'Bash', input: { command: 'npm test' }, error: 'Exit code 1\nError: expected 3 to be 2' },
        { name: 'Bash', input: { command: 'npm run build' }, result: 'built' },
        { name: 'Bash', input: { command: 'git status' }, result: 'clean' },
      ],
      'Work summary\n\n## Issues\n- tests for a() fail on the boundary\n\nVerdict: REQUEST CHANGES\nSome chatter line.',
    );
    const e = parseSummary(summaryText()).entries[0]!;
    const sec = (c: string) => e.sections.find((s) => s.category === c)?.items ?? [];
    expect(sec('changes')).toEqual(['src/a.ts (Write, Edit ×2)']); // the failed Write changed nothing
    expect(sec('explored')).toEqual(['src/a.ts', 'Grep "TODO" in src', '`git status`']);
    expect(sec('commands')).toEqual([
      '`npm test` → FAILED (Exit code 1: Error: expected 3 to be 2)',
      '`npm run build` → ok',
    ]);
    expect(sec('findings')).toEqual(['tests for a() fail on the boundary', 'Verdict: REQUEST CHANGES']);
    expect(JSON.stringify(e)).not.toContain('chatter');
  });

  it('FR-3.2: findings heuristics (keys, headings, verdicts, Korean) and navigation detection', () => {
    expect(
      findingLines(
        '## 발견 사항\n- 파서에 널 체크 없음\n## Other\nplain\n- 이슈: 캐시 무효화 누락\nLGTM\n```\nIssue: in code\n```',
      ),
    ).toEqual(['파서에 널 체크 없음', '이슈: 캐시 무효화 누락', 'LGTM']);
    expect(isNavigationCommand('grep -rn foo src | head -20')).toBe(true);
    expect(isNavigationCommand('git log --oneline -5')).toBe(true);
    expect(isNavigationCommand("sed -i 's/a/b/' f")).toBe(false);
    expect(isNavigationCommand('cat a && npm test')).toBe(false);
    // the read-only names are common/shell-words.ts's: file readers, changing folders, git that only looks
    for (const c of ['bat README.md', 'nl -ba src/a.ts', 'fgrep x f', 'pushd src', 'git remote -v'])
      expect(isNavigationCommand(c), c).toBe(true);
    for (const c of ['git branch -D old', 'git config user.name me', 'echo done', 'npm test'])
      expect(isNavigationCommand(c), c).toBe(false);
  });

  it('FR-3.2/NFR-1: only the last N transcript lines are read (default 500, configurable)', () => {
    const early = transcriptLines(
      [{ name: 'Write', input: { file_path: join(t.project, 'src/early.ts'), content: '' } }],
      'x',
    ).slice(1, 3);
    const filler = Array.from({ length: 600 }, () => JSON.stringify(FIXTURE_LINES[1]));
    const tr = writeTranscript(
      'long',
      [{ name: 'Write', input: { file_path: join(t.project, 'src/late.ts'), content: '' } }],
      'Done',
      [...early, ...filler],
    );
    const input = stopPayload('executor', 'n1', tr, 'Done');
    onSubagentStop(input, deps(input));
    let text = summaryText();
    expect(text).toContain('src/late.ts');
    expect(text).not.toContain('src/early.ts');
    mkdirSync(join(t.project, '.claude'), { recursive: true });
    writeFileSync(
      join(t.project, '.claude', 'shared-context-config.json'),
      JSON.stringify({ transcriptLines: 1000 }),
    );
    onSubagentStop(input, deps(input));
    text = summaryText();
    expect(text).toContain('src/early.ts');
  });

  it('FR-3.3: a missing transcript, garbage lines, a directory as transcript: nothing throws; the final message is used', async () => {
    const missing = stopPayload(
      'executor',
      'm1',
      join(t.dir, 'nope.jsonl'),
      '## Findings\n- Issue: from the hook message',
    );
    onSubagentStop(missing, deps(missing));
    expect(summaryText()).toContain('Issue: from the hook message');
    expect(summaryText()).toContain('from final message');
    const garbage = join(t.dir, 'garbage.jsonl');
    writeFileSync(
      garbage,
      '{not json\n\u0000\u0001\n' +
        transcriptLines([{ name: 'Write', input: { file_path: join(t.project, 'src/ok.ts') } }], 'fine').join(
          '\n',
        ) +
        '\n{"type":"assistant","message":',
    );
    const g = stopPayload('executor', 'm2', garbage, undefined);
    onSubagentStop(g, deps(g));
    expect(summaryText()).toContain('src/ok.ts (Write)');
    const dir = stopPayload('executor', 'm3', t.dir, '');
    await expect(dispatch(dir, deps(dir), sharedContextHandlers)).resolves.toBe('');
    // nothing at all to record → no entry, no file
    expect(parseSummary(summaryText()).entries.map((e) => e.agentId)).toEqual(['m1', 'm2']);
  });

  it('FR-3.4: _summary.md is updated: a new agent goes last, a resumed agent replaces its entry', () => {
    stop('executor', 'u1', [], 'Issue: first');
    stop('executor', 'u2', [], 'Issue: second');
    stop('executor', 'u1', [], 'Issue: first again');
    const entries = parseSummary(summaryText()).entries;
    expect(entries.map((e) => e.agentId)).toEqual(['u2', 'u1']);
    expect(JSON.stringify(entries)).toContain('first again');
    expect(summaryText()).not.toContain('Issue: first\n');
  });

  it('FR-3.4/NFR-2: a held lock makes SubagentStop give up on the summary after lockTimeoutMs; SessionEnd completes it', () => {
    stop('executor', 'l0', [], 'Issue: before');
    mkdirSync(join(t.project, '.claude'), { recursive: true });
    writeFileSync(
      join(t.project, '.claude', 'shared-context-config.json'),
      JSON.stringify({ lockTimeoutMs: 50 }),
    );
    const lock = acquireLock(join(sessionDir(), '_summary.md.lock'))!;
    expect(lock).not.toBeNull();
    stop('executor', 'l1', [], 'Issue: while locked');
    expect(summaryText()).not.toContain('while locked');
    expect(existsSync(join(sessionDir(), 'executor-l1.md'))).toBe(true);
    lock.release();
    const end = payload('14-SessionEnd.json', { cwd: t.project });
    onSessionEnd(end, deps(end));
    const doc = parseSummary(summaryText());
    expect(doc.final).toBe(true);
    expect(doc.entries.map((e) => e.agentId)).toEqual(['l0', 'l1']);
  });

  it('NFR-2: a lock left by a dead process is taken over', () => {
    mkdirSync(sessionDir(), { recursive: true });
    writeFileSync(join(sessionDir(), '_summary.md.lock'), `999999999 ${Date.now()} ${hostname()} x\n`);
    stop('executor', 's1', [], 'Issue: after a crash');
    expect(summaryText()).toContain('after a crash');
    expect(existsSync(join(sessionDir(), '_summary.md.lock'))).toBe(false);
  });
});

describe('FR-4 agents write their own findings', () => {
  it('FR-4.3: the agent’s own file wins over the transcript; changes it omitted are filled in', () => {
    mkdirSync(sessionDir(), { recursive: true });
    const own = join(sessionDir(), 'code-reviewer-r9.md');
    writeFileSync(
      own,
      '# Review notes\n\n## Findings\n- Race in cache.ts: two writers, no lock\n- Verdict: changes requested\n\n## Context\nThe cache is per process.\n',
    );
    stop(
      'code-reviewer',
      'r9',
      [
        {
          name: 'Edit',
          input: { file_path: join(t.project, 'src/cache.ts'), old_string: 'a', new_string: 'b' },
        },
      ],
      '## Findings\n- Issue: transcript-derived finding',
    );
    const e = parseSummary(summaryText()).entries[0]!;
    expect(e.source).toBe('agent+transcript');
    const json = JSON.stringify(e);
    expect(json).toContain('Race in cache.ts: two writers, no lock');
    expect(json).toContain('The cache is per process.');
    expect(json).toContain('src/cache.ts (Edit)');
    expect(json).not.toContain('transcript-derived finding');
    // The agent's file is kept as it wrote it.
    expect(readFileSync(own, 'utf8')).toContain('# Review notes');
  });

  it('FR-4.3: an agent file written by an agent whose SubagentStop never came is merged at SessionEnd', () => {
    stop('executor', 'x1', [], 'Issue: seen');
    writeFileSync(
      join(sessionDir(), 'planner-p7.md'),
      '## Decisions\n- use a queue\n## Findings\n- Risk: none\n',
    );
    const end = payload('14-SessionEnd.json', { cwd: t.project });
    onSessionEnd(end, deps(end));
    const doc = parseSummary(summaryText());
    expect(doc.final).toBe(true);
    const p7 = doc.entries.find((e) => e.agentId === 'p7')!;
    expect(p7.agentType).toBe('planner');
    expect(p7.sections.find((s) => s.category === 'findings')?.items).toEqual(['Risk: none']);
  });
});

describe('FR-5 lifecycle', () => {
  it('FR-5.1/FR-5.3: SessionStart removes only sessions whose newest file is older than the TTL (24 h default)', () => {
    const root = join(t.project, '.claude', 'shared-context');
    const now = Date.now();
    const mk = (name: string, ages: number[]) => {
      mkdirSync(join(root, name), { recursive: true });
      ages.forEach((h, i) => {
        const f = join(root, name, `a-${i}.md`);
        writeFileSync(f, 'x');
        utimesSync(f, new Date(now - h * 3600e3), new Date(now - h * 3600e3));
      });
    };
    mk('old', [30, 26]);
    mk('mixed', [40, 2]); // an old file but a recent one: kept
    mk('fresh', [1]);
    mk(SID, [100]); // the session that starts now: kept whatever its age
    const dirOld = join(root, 'mixed');
    utimesSync(dirOld, new Date(now - 50 * 3600e3), new Date(now - 50 * 3600e3)); // folder mtime is not the judge
    const input = payload('01-SessionStart.json', { cwd: t.project });
    onSessionStart(input, deps(input));
    expect(readdirSync(root).sort()).toEqual([SID, 'fresh', 'mixed'].sort());
    // TTL configurable
    writeFileSync(
      join(t.project, '.claude', 'shared-context-config.json'),
      JSON.stringify({ ttlHours: 1.5 }),
    );
    onSessionStart(input, deps(input));
    expect(readdirSync(root).sort()).toEqual([SID, 'fresh'].sort());
  });

  it('FR-5.2: SessionEnd writes the final summary; nothing is created for a session without shared context', () => {
    const end = payload('14-SessionEnd.json', { cwd: t.project });
    onSessionEnd(end, deps(end));
    expect(existsSync(join(t.project, '.claude'))).toBe(false);
    stop('executor', 'f1', [], 'Issue: q');
    expect(parseSummary(summaryText()).final).toBe(false);
    onSessionEnd(end, deps(end));
    expect(parseSummary(summaryText()).final).toBe(true);
    expect(summaryText()).toContain('(final: the session ended)');
  });
});

describe('PostToolUse digest for the parent', () => {
  it('gives the parent a one-paragraph digest of what the subagent added (fixture 12-PostToolUse)', () => {
    stop(
      'general-purpose',
      'a32c958c9f43b4a04',
      [
        { name: 'Write', input: { file_path: join(t.project, 'src/index.ts'), content: '' } },
        { name: 'Bash', input: { command: 'npm test' }, error: 'Exit code 1\nboom' },
      ],
      '## Findings\n- Issue: missing null check in parse()',
    );
    const input = payload('12-PostToolUse.json', { cwd: t.project });
    const out = onAgentToolDone(input, deps(input))!.additionalContext!;
    expect(out).toContain('` general-purpose ` (` a32c958c9f43b4a04 `)');
    expect(out).toContain('` src/index.ts (Write) `');
    expect(out).toContain('` Issue: missing null check in parse() `');
    expect(out).toContain('1개 실패');
    expect(out.split('\n')).toHaveLength(1);
    expect(out.length).toBeLessThanOrEqual(700);
    // Other tools, and unknown agents: nothing.
    const bash = payload('06-PostToolUse.json', { cwd: t.project });
    expect(onAgentToolDone(bash, deps(bash))).toBeNull();
    const other = payload('12-PostToolUse.json', { cwd: t.project, tool_response: { agentId: 'zzz' } });
    expect(onAgentToolDone(other, deps(other))).toBeNull();
  });
});

describe('NFR-3 secrets never reach disk', () => {
  const SECRETS = [
    'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
    'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
    'AKIAIOSFODNN7EXAMPLE',
    'xoxb-123456789012-abcdefghijkl',
  ];
  const KEY =
    '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw\n7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxKLxoS2tFc\n-----END RSA PRIVATE KEY-----';
  const PIECES = [...SECRETS, 'MIIEowIBAAKCAQEAu1SU1LfVLPHCozMx', '7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u'];

  it('NFR-3: tokens and private keys in commands, results, the final message and the agent file are redacted everywhere', () => {
    stop(
      'executor',
      'sec1',
      [
        {
          name: 'Bash',
          input: { command: `curl -H "x-api-key: ${SECRETS[0]}" https://api.example.com` },
          error: `Exit code 22\nbad key ${SECRETS[0]}`,
        },
        { name: 'Bash', input: { command: `GITHUB_TOKEN=${SECRETS[1]} gh pr list` } },
        { name: 'Write', input: { file_path: join(t.project, 'src/aws.ts'), content: SECRETS[2] } },
      ],
      `## Findings\n- Issue: hard-coded AWS key ${SECRETS[2]} in src/aws.ts\n- Issue: slack ${SECRETS[3]}\n${KEY}`,
    );
    mkdirSync(sessionDir(), { recursive: true });
    const own = join(sessionDir(), 'code-reviewer-sec2.md');
    writeFileSync(own, `## Findings\n- leaked ${SECRETS[1]}\n${KEY}\n`);
    stop('code-reviewer', 'sec2', [], 'done');
    const injected = start('general-purpose', 'reader')!;
    const input = payload('12-PostToolUse.json', { cwd: t.project, tool_response: { agentId: 'sec1' } });
    const digest = onAgentToolDone(input, deps(input))!.additionalContext!;
    const onDisk = readdirSync(sessionDir())
      .map((f) => readFileSync(join(sessionDir(), f), 'utf8'))
      .join('\n');
    for (const text of [onDisk, injected, digest]) {
      for (const s of PIECES) expect(text).not.toContain(s);
    }
    expect(onDisk).toContain('[REDACTED:anthropic-key]');
    expect(onDisk).toContain('[REDACTED:github-token]');
    expect(onDisk).toContain('[REDACTED:aws-access-key]');
    expect(onDisk).toContain('[REDACTED:private-key]');
    expect(injected).toContain('hard-coded AWS key [REDACTED:aws-access-key]');
  });
});

describe('NFR-4/NFR-5 configuration and plug-ins', () => {
  it('NFR-5: a rule declared in config adds its own category; built-in rules can be switched off', () => {
    mkdirSync(join(t.project, '.claude'), { recursive: true });
    writeFileSync(
      join(t.project, '.claude', 'shared-context-config.json'),
      JSON.stringify({
        rules: [
          {
            name: 'migrations',
            category: 'migrations',
            tool: '^Bash$',
            match: 'prisma migrate',
            label: 'Migration:',
          },
          { name: 'todos', category: 'findings', finalMessage: '^TODO\\b' },
          { name: 'broken', category: 'x', tool: '([' },
        ],
        disabledRules: ['explored'],
        filters: { 'db-reviewer': ['migrations'] },
      }),
    );
    stop(
      'executor',
      'mg',
      [
        { name: 'Bash', input: { command: 'npx prisma migrate dev --name add_users' } },
        { name: 'Read', input: { file_path: join(t.project, 'schema.prisma') } },
      ],
      'TODO remove the old table\nplain line',
    );
    const e = parseSummary(summaryText()).entries[0]!;
    expect(e.sections.find((s) => s.category === 'migrations')?.items).toEqual([
      'Migration: npx prisma migrate dev --name add_users',
    ]);
    expect(e.sections.find((s) => s.category === 'findings')?.items).toEqual(['TODO remove the old table']);
    expect(e.sections.find((s) => s.category === 'explored')).toBeUndefined();
    const ctx = start('db-reviewer', 'd1')!;
    expect(ctx).toContain('` migrations `:'); // a heading that is not ours is quoted too
    expect(ctx).toContain('prisma migrate dev');
    expect(ctx).not.toContain('TODO remove');
  });

  it('NFR-5: a rule registered from code runs on the real call data', () => {
    const off = registerExtractionRule({
      name: 'web',
      toolCall: (c) => (c.name === 'WebFetch' ? { category: 'sources', text: String(c.input.url) } : null),
    });
    try {
      stop(
        'researcher',
        'w1',
        [{ name: 'WebFetch', input: { url: 'https://example.com/spec', prompt: 'read' } }],
        'ok',
      );
    } finally {
      off();
    }
    expect(summaryText()).toContain('### sources\n- https://example.com/spec');
  });

  it('NFR-4: bad config values fall back to defaults and are reported; env can switch the part off', () => {
    mkdirSync(t.home, { recursive: true });
    writeFileSync(
      join(t.home, 'config.json'),
      JSON.stringify({ sharedContext: { maxChars: 'lots', ttlHours: 2 } }),
    );
    mkdirSync(join(t.project, '.claude'), { recursive: true });
    writeFileSync(join(t.project, '.claude', 'shared-context-config.json'), '{ not json');
    const cfg = resolveConfig(loadConfig(env), t.project, env);
    expect(cfg.maxChars).toBe(4000);
    expect(cfg.ttlHours).toBe(2);
    expect(cfg.problems.join('\n')).toMatch(/maxChars/);
    expect(cfg.problems.join('\n')).toMatch(/shared-context-config\.json: invalid JSON/);
    const offEnv = { ...env, SELF_GEN_SHARED_CONTEXT: '0' };
    const input = stopPayload('executor', 'o1', writeTranscript('o1', [], 'Issue: q'), 'Issue: q');
    onSubagentStop(input, { ...createDeps(input, offEnv) });
    expect(existsSync(join(t.project, '.claude', 'shared-context'))).toBe(false);
    expect(categoriesFor('code-reviewer', cfg).categories).toEqual(['changes', 'findings']);
    expect(categoriesFor('general-purpose', cfg).categories).toEqual([
      'changes',
      'findings',
      'commands',
      'explored',
      'notes',
    ]);
  });
});

describe('NFR-2 unwritable store', () => {
  it('NFR-2: when .claude/shared-context cannot be created the handlers fail quietly (the runner prints nothing)', async () => {
    mkdirSync(join(t.project, '.claude'), { recursive: true });
    writeFileSync(join(t.project, '.claude', 'shared-context'), 'a file where the folder should be');
    const input = stopPayload('executor', 'ro', writeTranscript('ro', [], 'Issue: q'), 'Issue: q');
    await expect(dispatch(input, deps(input), sharedContextHandlers)).resolves.toBe('');
    const s = payload('08-SubagentStart.json', { cwd: t.project });
    await expect(dispatch(s, deps(s), sharedContextHandlers)).resolves.toBe('');
    const ss = payload('01-SessionStart.json', { cwd: t.project });
    await expect(dispatch(ss, deps(ss), sharedContextHandlers)).resolves.toBe('');
    if (process.getuid?.() !== 0) {
      // A read-only project (not meaningful as root, who can write anyway).
      writeFileSync(join(t.project, '.claude', 'shared-context'), '');
      chmodSync(join(t.project, '.claude'), 0o500);
      await expect(dispatch(input, deps(input), sharedContextHandlers)).resolves.toBe('');
      chmodSync(join(t.project, '.claude'), 0o700);
    }
  });
});

describe('NFR-1 in-process cost', () => {
  it('NFR-1: with 50 entries, SubagentStart answers the same bounded context each time and re-recorded stops keep 50 entries (timings: bench/shared-context.mjs)', () => {
    for (let i = 0; i < 50; i++) {
      stop(
        'executor',
        `p${i}`,
        [
          { name: 'Write', input: { file_path: join(t.project, `src/m${i}.ts`), content: '' } },
          { name: 'Bash', input: { command: `npm test -- m${i}` } },
        ],
        `## Findings\n- Issue: thing ${i}`,
      );
    }
    expect(parseSummary(summaryText()).entries).toHaveLength(50);
    const input = payload('08-SubagentStart.json', { cwd: t.project });
    const d = deps(input);
    const first = onSubagentStart(input, d)?.additionalContext;
    expect(first).toBeTruthy();
    expect(first!.length).toBeLessThanOrEqual(10_000);
    for (let i = 0; i < 5; i++) expect(onSubagentStart(input, d)?.additionalContext).toBe(first);
    const tr = writeTranscript(
      'bench',
      [{ name: 'Write', input: { file_path: join(t.project, 'src/z.ts'), content: '' } }],
      'Issue: z',
    );
    const sp = stopPayload('executor', 'p0', tr, 'Issue: z');
    const sd = deps(sp);
    for (let i = 0; i < 5; i++) onSubagentStop(sp, sd);
    const entries = parseSummary(summaryText()).entries;
    expect(entries).toHaveLength(50);
  });
});

describe("the parent's digest", () => {
  it('keeps whole quoted items within its cap and counts the rest once', () => {
    const e: Entry = {
      agentType: 'general-purpose',
      agentId: 'a1',
      at: '2026-11-21T22:58:26.430Z',
      source: 'agent',
      sections: [
        { category: 'changes', items: Array.from({ length: 9 }, (_, i) => `src/file-${i}.ts (Write)`) },
        { category: 'findings', items: Array.from({ length: 6 }, (_, i) => `${PLANTED} \`\` finding ${i}`) },
      ],
    };
    const d = buildDigest(e, 'en', '.claude/shared-context/s/general-purpose-a1.md', 400);
    expect(d.length).toBeLessThanOrEqual(400);
    expect(d).toContain('` src/file-0.ts (Write) `');
    expect(d).toMatch(/\(\+\d+\)/);
    expect(d.match(/\(\+\d+\)/g)!.length).toBeLessThanOrEqual(2); // one count per section
    expect(bareLeaks(d)).toEqual([]);
  });
});
