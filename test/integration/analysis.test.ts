// AI analysis (issue #8): summary, prompt, answer parsing, cache, lock, suggestions, apply,
// dismiss, SessionStart digest. The claude binary here is a scripted fake (errors, timing);
// analysis-claude.test.ts runs the real Claude Code CLI against the Anthropic stub.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bareLeaks, PLANTED } from '../helpers/quoted.js';
import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hostname } from 'node:os';
import { Command } from 'commander';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { closeDb, getDb, type DB } from '../../src/db/db.js';
import { insertEvent } from '../../src/db/events/write.js';
import { loadConfig } from '../../src/common/config.js';
import {
  clusterPrompts,
  renderSummary,
  repeatedSequences,
  summarizeEvents,
} from '../../src/analysis/summarize.js';
import {
  AnswerError,
  extractJson,
  parseAnswer,
  suggestionId,
  validateAnswer,
} from '../../src/analysis/answer.js';
import {
  buildPrompt,
  inputHash,
  resolveTemplate,
  shippedTemplatePath,
  TemplateError,
} from '../../src/analysis/prompt.js';
import { analyze, AnalysisError, autoCheck } from '../../src/analysis/run.js';
import { readState } from '../../src/analysis/state.js';
import { analysisLockPath, takeAnalysisLock } from '../../src/analysis/lock.js';
import { getCachedAnalysis, storeAnalysis } from '../../src/analysis/cache.js';
import { findSuggestion, listSuggestions, recordFeedback } from '../../src/analysis/suggestions.js';
import { addRule, planApply, RULES_MARKER, writePlan } from '../../src/analysis/apply.js';
import { analysisHandlers } from '../../src/analysis/handlers.js';
import { analysisConfig } from '../../src/analysis/config.js';
import { addCommands } from '../../src/cli/command-table.js';
import { analysisCommands } from '../../src/cli/commands/analysis/index.js';
import type { HookDeps, HookInput } from '../../src/hook/contract/types.js';
import type { StoredAnalysis, StoredSuggestion } from '../../src/analysis/answer.js';
import { GOOD_ANSWER, seedProject, writeFakeClaude } from '../helpers/analysis.js';

let t: TempEnv;
let db: DB;

function writeConfig(analysis: Record<string, unknown>, extra: Record<string, unknown> = {}): void {
  mkdirSync(t.home, { recursive: true });
  writeFileSync(join(t.home, 'config.json'), JSON.stringify({ analysis, ...extra }));
}

beforeEach(() => {
  t = tempEnv('sg-analysis-');
  db = getDb({ env: t.env });
});
afterEach(() => {
  closeDb();
  t.cleanup();
});

describe('event summary', () => {
  it('finds prompt clusters, repeated tool sequences, recurring errors with fixes, subagent failure rates', () => {
    seedProject(db, { sessions: 3 });
    seedProject(db, { project: 'other', sessions: 1 });
    const s = summarizeEvents(db, { project: 'proj', days: 7 });
    expect(s.events).toBe(36);
    expect(s.sessions).toBe(3);
    expect(s.totals.tool_error).toBe(3);
    expect(s.promptClusters[0]).toMatchObject({ size: 3, sessions: 3 });
    expect(s.promptClusters[0]?.keywords).toEqual(expect.arrayContaining(['failing', 'login']));
    const seq = s.toolSequences.map((x) => x.tools.join(' → '));
    expect(seq.some((x) => x.includes('Read → Edit → Bash(failed) → Bash'))).toBe(true);
    expect(s.toolSequences[0]?.count).toBe(3);
    expect(s.errors[0]).toMatchObject({ tool: 'Bash', count: 3, sessions: 3 });
    expect(s.errors[0]?.fixes[0]?.resolution).toContain('npm run build');
    const exec = s.subagents.find((a) => a.agentType === 'executor');
    expect(exec).toMatchObject({ runs: 3, failures: 1, reasons: ['tests still failing'] });
    expect(exec?.failureRate).toBeCloseTo(0.33, 2);
    const all = summarizeEvents(db, { project: null, days: 7 });
    expect(all.events).toBe(48);
    expect(all.projects).toEqual(['other', 'proj']);
  });

  it('renders the same text for the same events whatever the time (stable input hash)', () => {
    const now = new Date();
    seedProject(db, { now });
    const a = renderSummary(summarizeEvents(db, { project: 'proj', days: 7, now }), 40000);
    const b = renderSummary(
      summarizeEvents(db, { project: 'proj', days: 7, now: new Date(now.getTime() + 3600_000) }),
      40000,
    );
    expect(a).toBe(b);
    expect(a).toContain('## Recurring errors and their fixes');
    expect(a).toContain('fixed by: `` ran `npm run build && npm test` `` (3×)'); // recorded text: quoted
    expect(
      renderSummary(summarizeEvents(db, { project: 'proj', days: 7, now }), 2000).length,
    ).toBeLessThanOrEqual(2000);
  });

  it('old events leave the window', () => {
    seedProject(db, { now: new Date(Date.now() - 10 * 86400_000) });
    expect(summarizeEvents(db, { project: 'proj', days: 7 }).events).toBe(0);
    expect(summarizeEvents(db, { project: 'proj', days: 30 }).events).toBe(36);
  });

  it('clustering and sequences on their own', () => {
    const { clusters, singles } = clusterPrompts([
      { text: 'add a unit test for the parser', session: 'a' },
      { text: 'add unit test for parser edge cases', session: 'b' },
      { text: 'deploy to staging', session: 'a' },
    ]);
    expect(clusters).toHaveLength(1);
    expect(clusters[0]?.size).toBe(2);
    expect(singles).toBe(1);
    const seqs = repeatedSequences(
      new Map([['a', ['Read', 'Read', 'Edit', 'Bash', 'Read', 'Edit', 'Bash', 'Read', 'Edit', 'Bash']]]),
    );
    expect(seqs[0]?.tools.slice(0, 3)).toEqual(['Read', 'Edit', 'Bash']);
  });
});

describe('answer parsing', () => {
  const json = JSON.stringify(GOOD_ANSWER);

  it('takes bare JSON, a ```json block inside prose, or an object embedded in prose', () => {
    expect(parseAnswer(json, 'proj').suggestions).toHaveLength(3);
    const fenced = `Here is my analysis.\n\n\`\`\`json\n${JSON.stringify(GOOD_ANSWER, null, 2)}\n\`\`\`\nHope it helps.`;
    expect(parseAnswer(fenced, 'proj').suggestions).toHaveLength(3);
    const embedded = `Sure! ${json} Let me know {if} you need more.`;
    expect(parseAnswer(embedded, 'proj').suggestions).toHaveLength(3);
    // The candidate holding "suggestions" wins over other JSON in the text.
    const two = '```json\n{"note": 1}\n```\n```json\n' + json + '\n```';
    expect(parseAnswer(two, 'proj').suggestions).toHaveLength(3);
  });

  it('no JSON at all → no_json error that quotes the start of the answer', () => {
    expect(() => parseAnswer('I could not find anything worth suggesting.', 'proj')).toThrow(AnswerError);
    try {
      parseAnswer('I could not find anything worth suggesting.', 'proj');
    } catch (e) {
      expect((e as AnswerError).kind).toBe('no_json');
      expect((e as Error).message).toContain('I could not find');
    }
    expect(() => parseAnswer('', 'proj')).toThrow(/empty/);
    expect(() => parseAnswer('{"suggestions": [ {"type": "claude_md", ', 'proj')).toThrow(/no JSON/);
  });

  it('invalid schema → invalid error naming the field', () => {
    const bad = (v: unknown) => () => validateAnswer(v, 'proj');
    expect(bad({ summary: 'x' })).toThrow(/suggestions/);
    expect(bad({ suggestions: 'none' })).toThrow(AnswerError);
    expect(bad({ suggestions: [{ type: 'banana', rule: 'x' }] })).toThrow(
      /no suggestion in the answer matches/,
    );
    expect(bad({ suggestions: [{ type: 'hook', rule: 'x' }] })).toThrow(/hook/);
  });

  it('drops a single malformed suggestion with a warning, keeps the rest', () => {
    const r = validateAnswer({ suggestions: [...GOOD_ANSWER.suggestions, { type: 'claude_md' }] }, 'proj');
    expect(r.suggestions).toHaveLength(3);
    expect(r.warnings[0]).toMatch(/suggestions\.3 dropped: rule/);
  });

  it('stable ids, scope coercion, skill slug, redaction of the answer', () => {
    const a = parseAnswer(json, 'proj').suggestions;
    const b = parseAnswer(json, 'proj').suggestions;
    expect(a.map((s) => s.id)).toEqual(b.map((s) => s.id));
    expect(a[0]?.id).toMatch(/^m[0-9a-f]{7}$/);
    expect(a[1]?.id).toMatch(/^s[0-9a-f]{7}$/);
    expect(a[2]?.id).toMatch(/^h[0-9a-f]{7}$/);
    expect(a[0]?.id).toBe(
      suggestionId('claude_md', 'run `npm run build`  before `npm test`: the tests import dist/', 'proj'),
    );
    expect(a[1]?.skill?.name).toBe('fix-login-test');
    expect(a[1]?.project).toBeNull();
    // A project analysis speaks for its own project only.
    const other = validateAnswer(
      { suggestions: [{ type: 'claude_md', rule: 'x rule', project: 'elsewhere' }] },
      'proj',
    );
    expect(other.suggestions[0]?.project).toBe('proj');
    const secret = validateAnswer(
      {
        suggestions: [
          {
            type: 'claude_md',
            rule: 'Export ANTHROPIC_API_KEY=sk-ant-api03-abcdefghijklmnopqrstuvwxyz first',
          },
        ],
      },
      'proj',
    );
    expect(secret.suggestions[0]?.rule).not.toContain('sk-ant-api03');
    expect(extractJson('```\n{"suggestions": []}\n```')).toEqual({ suggestions: [] });
  });
});

describe('prompt template', () => {
  it('uses the shipped template, the data home override, or analysis.templatePath', () => {
    expect(shippedTemplatePath()).toMatch(/templates\/analysis\/prompt\.md$/);
    expect(resolveTemplate(undefined, t.env).path).toBe(shippedTemplatePath());
    const home = join(t.home, 'templates', 'analysis');
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, 'prompt.md'), 'MINE {{days}}\n{{summary}}');
    expect(resolveTemplate(undefined, t.env).text).toContain('MINE');
    const own = join(t.dir, 'own.md');
    writeFileSync(own, 'OWN {{summary}}');
    expect(resolveTemplate(own, t.env).text).toBe('OWN {{summary}}');
    writeFileSync(own, 'no placeholder');
    expect(() => resolveTemplate(own, t.env)).toThrow(TemplateError);
    expect(() => resolveTemplate(join(t.dir, 'missing.md'), t.env)).toThrow(/cannot read/);
  });

  it('fills the variables, lists closed suggestions, redacts; the hash follows prompt and model', () => {
    const tpl = resolveTemplate(undefined, t.env).text;
    const p = buildPrompt({
      template: tpl,
      summary: 'SUMMARY token=abcd1234efgh',
      project: 'proj',
      days: 7,
      closed: [
        {
          suggestion_id: 'm1',
          action: 'dismissed',
          project: 'proj',
          type: 'claude_md',
          text: 'Never use tabs',
          ts: '',
        },
      ],
      locale: 'en',
    });
    expect(p).toContain('SUMMARY token=[REDACTED]');
    expect(p).toContain('(claude_md, dismissed) ` Never use tabs `');
    expect(p).toContain('"proj"');
    expect(p).toContain('English');
    expect(p).not.toMatch(/\{\{\w+\}\}/);
    expect(inputHash(p, undefined)).toBe(inputHash(p, undefined));
    expect(inputHash(p, 'opus')).not.toBe(inputHash(p, undefined));
  });
});

describe('analyze (fake claude binary)', () => {
  let fake: string;
  const log = () =>
    JSON.parse(readFileSync(join(t.dir, 'fake-claude.log.json'), 'utf8')) as {
      argv: string[];
      stdin: string;
      disable: string | null;
      cwd: string;
    };
  const run = (extra: Partial<Parameters<typeof analyze>[0]> = {}) =>
    analyze({ db, config: loadConfig(t.env), env: t.env, project: 'proj', ...extra });

  beforeEach(() => {
    fake = writeFakeClaude(t.dir);
    writeConfig({ claudePath: fake, timeoutMs: 20000 });
    t.env.FAKE_CLAUDE_RESULT = JSON.stringify(GOOD_ANSWER);
  });

  it('not enough data: a clear result and no call', async () => {
    insertEvent(db, { type: 'prompt', sessionId: 's', project: 'proj', data: { text: 'hi' } });
    const r = await run();
    expect(r).toMatchObject({ status: 'not_enough_data', events: 1, needed: 20, project: 'proj', days: 7 });
    expect(existsSync(join(t.dir, 'fake-claude.log.json'))).toBe(false);
    expect(readState(db, 'proj').result).toBe('not_enough_data');
  });

  it('stores the analysis keyed by (project, days, hash); unchanged input → no new call; new events → new call', async () => {
    seedProject(db);
    const r1 = await run();
    expect(r1.status).toBe('analyzed');
    const l = log();
    expect(l.argv.slice(0, 3)).toEqual(['-p', '--output-format', 'json']);
    expect(l.argv).toContain('--no-session-persistence');
    expect(l.disable).toBe('1'); // the child's hooks never record into our database
    expect(l.stdin).toContain("Cannot find module '<PATH>'");
    expect(l.cwd).toBe(join(t.home, 'run', 'analysis'));
    const rows = db.prepare('SELECT project, days, input_hash, analysis FROM analysis_cache').all() as {
      project: string;
      days: number;
      input_hash: string;
      analysis: string;
    }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ project: 'proj', days: 7 });
    const stored = JSON.parse(rows[0]!.analysis) as StoredAnalysis;
    expect(stored.suggestions.map((s) => s.type)).toEqual(['claude_md', 'skill', 'hook']);
    expect(stored.stats).toEqual({ events: 36, sessions: 3 });
    expect(getCachedAnalysis(db, 48, 'proj')?.suggestions).toHaveLength(3);

    rmSync(join(t.dir, 'fake-claude.log.json'));
    const r2 = await run();
    expect(r2.status).toBe('cached');
    expect(existsSync(join(t.dir, 'fake-claude.log.json'))).toBe(false);

    const r3 = await run({ force: true });
    expect(r3.status).toBe('analyzed');
    expect(existsSync(join(t.dir, 'fake-claude.log.json'))).toBe(true);
    expect((db.prepare('SELECT count(*) n FROM analysis_cache').get() as { n: number }).n).toBe(1);

    insertEvent(db, {
      type: 'prompt',
      sessionId: 'new',
      project: 'proj',
      data: { text: 'something new entirely' },
    });
    const r4 = await run();
    expect(r4.status).toBe('analyzed');
    expect((db.prepare('SELECT count(*) n FROM analysis_cache').get() as { n: number }).n).toBe(2);
    // A different window is a different key.
    const r5 = await run({ days: 30 });
    expect(r5.status).toBe('analyzed');
    expect((db.prepare('SELECT count(*) n FROM analysis_cache').get() as { n: number }).n).toBe(3);
  });

  const failures: [string, Record<string, string>, Partial<Record<string, unknown>>, RegExp, string][] = [
    ['non-zero exit', { FAKE_CLAUDE_MODE: 'exit' }, {}, /exited with code 3: boom/, 'exit'],
    ['an API error result', { FAKE_CLAUDE_MODE: 'api_error' }, {}, /401 invalid x-api-key/, 'api_error'],
    [
      'output that is not Claude Code JSON',
      { FAKE_CLAUDE_MODE: 'garbage' },
      {},
      /printed no JSON result/,
      'bad_output',
    ],
    [
      'an answer with no JSON',
      { FAKE_CLAUDE_RESULT: 'Nothing to suggest, all good!' },
      {},
      /holds no JSON/,
      'no_json',
    ],
    [
      'an answer with the wrong schema',
      { FAKE_CLAUDE_RESULT: '{"ideas": []}' },
      {},
      /does not match the schema: suggestions/,
      'invalid',
    ],
    [
      'a missing binary',
      {},
      { claudePath: '/nonexistent/claude' },
      /cannot run the Claude Code binary/,
      'not_found',
    ],
    ['a timeout', { FAKE_CLAUDE_MODE: 'sleep' }, { timeoutMs: 1500 }, /did not answer within 2 s/, 'timeout'],
  ];
  for (const [name, env, cfg, message, kind] of failures) {
    it(`a failed call (${name}) → a clear error, nothing stored`, async () => {
      seedProject(db);
      Object.assign(t.env, env);
      writeConfig({ claudePath: fake, timeoutMs: 20000, ...cfg });
      const err = await run().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AnalysisError);
      expect((err as AnalysisError).kind).toBe(kind);
      expect((err as Error).message).toMatch(message);
      expect((err as AnalysisError).fix).toBeTruthy();
      expect((db.prepare('SELECT count(*) n FROM analysis_cache').get() as { n: number }).n).toBe(0);
      expect(readState(db, 'proj')).toMatchObject({ result: 'error' });
      expect(existsSync(analysisLockPath(t.env, 'proj'))).toBe(false); // lock released
    });
  }

  it('dismissed suggestions are named in the next prompt and filtered out of the next answer', async () => {
    seedProject(db);
    const r1 = await run();
    if (r1.status !== 'analyzed') throw new Error(r1.status);
    const rule = r1.analysis.suggestions[0] as StoredSuggestion;
    expect(recordFeedback(db, rule, 'dismissed')).toBe(true);
    expect(recordFeedback(db, rule, 'dismissed')).toBe(false); // idempotent
    const r2 = await run(); // feedback changed the prompt → new call
    if (r2.status !== 'analyzed') throw new Error(r2.status);
    expect(log().stdin).toContain(`(claude_md, dismissed) \`\` ${rule.rule} \`\``);
    expect(r2.analysis.suggestions.map((s) => s.id)).not.toContain(rule.id);
    expect(r2.dropped).toBe(1);
  });

  it('a dry run prints the prompt and calls nothing', async () => {
    seedProject(db);
    const r = await run({ dryRun: true });
    if (r.status !== 'dry_run') throw new Error(r.status);
    expect(r.prompt).toContain('## Repeated tool sequences');
    expect(existsSync(join(t.dir, 'fake-claude.log.json'))).toBe(false);
  });
});

describe('lock and the automatic trigger', () => {
  it('the lock is exclusive until released or expired; a dead holder is taken over', () => {
    const a = takeAnalysisLock(t.env, 'k', 60_000);
    expect(a.ok).toBe(true);
    const b = takeAnalysisLock(t.env, 'k', 60_000);
    expect(b).toMatchObject({ ok: false, holder: { pid: process.pid, host: hostname() } });
    if (a.ok) a.release();
    const c = takeAnalysisLock(t.env, 'k', 60_000);
    expect(c.ok).toBe(true);
    if (c.ok) c.release();
    const file = analysisLockPath(t.env, 'k');
    // Expired: held by a live process (our parent) for longer than the ttl.
    const old = Date.now() - 120_000;
    writeFileSync(file, `${process.ppid} ${old} ${hostname()} x\n`);
    utimesSync(file, old / 1000, old / 1000);
    expect(takeAnalysisLock(t.env, 'k', 200_000).ok).toBe(false); // within a longer ttl: still held
    const d = takeAnalysisLock(t.env, 'k', 60_000);
    expect(d.ok).toBe(true);
    if (d.ok) d.release();
    // Held (not expired) by a dead process on this host.
    writeFileSync(file, `${2 ** 22 + 12345} ${Date.now()} ${hostname()} x\n`);
    expect(takeAnalysisLock(t.env, 'k', 60_000).ok).toBe(true);
  });

  it('analyze refuses to run while another holds the lock (auto: skipped)', async () => {
    seedProject(db);
    const fake = writeFakeClaude(t.dir);
    writeConfig({ claudePath: fake });
    t.env.FAKE_CLAUDE_RESULT = JSON.stringify(GOOD_ANSWER);
    const held = takeAnalysisLock(t.env, 'proj', 60_000);
    expect(held.ok).toBe(true);
    await expect(analyze({ db, config: loadConfig(t.env), env: t.env, project: 'proj' })).rejects.toThrow(
      /already running/,
    );
    const r = await analyze({ db, config: loadConfig(t.env), env: t.env, project: 'proj', auto: true });
    expect(r).toMatchObject({ status: 'skipped' });
    expect(existsSync(join(t.dir, 'fake-claude.log.json'))).toBe(false);
  });

  it('autoCheck: needs minNewEvents new events and minIntervalMinutes since the last attempt', async () => {
    writeConfig({ minNewEvents: 30, minIntervalMinutes: 60, claudePath: writeFakeClaude(t.dir) });
    t.env.FAKE_CLAUDE_RESULT = JSON.stringify(GOOD_ANSWER);
    const cfg = analysisConfig(loadConfig(t.env));
    seedProject(db, { sessions: 2 }); // 24 events
    expect(autoCheck(db, cfg, 'proj')).toMatchObject({ run: false, reason: '24 new event(s), needs 30' });
    seedProject(db, { sessions: 1, sessionPrefix: 'more' });
    expect(autoCheck(db, cfg, 'proj').run).toBe(true);
    expect(autoCheck(db, { ...cfg, auto: false }, 'proj').run).toBe(false);
    const r = await analyze({ db, config: loadConfig(t.env), env: t.env, project: 'proj', auto: true });
    expect(r.status).toBe('analyzed');
    seedProject(db, { sessions: 3, sessionPrefix: 'later' });
    expect(autoCheck(db, cfg, 'proj')).toMatchObject({ run: false });
    expect(autoCheck(db, cfg, 'proj').reason).toMatch(/last attempt 0 min ago/);
    expect(autoCheck(db, cfg, 'proj', new Date(Date.now() + 61 * 60_000)).run).toBe(true);
  });
});

function store(project: string | null, suggestions: unknown[], ts = new Date()): void {
  const parsed = validateAnswer({ suggestions }, project);
  storeAnalysis(
    db,
    {
      project,
      days: 7,
      inputHash: `h-${project}-${ts.getTime()}-${Math.random()}`,
      analysis: { summary: '', suggestions: parsed.suggestions },
    },
    ts,
  );
}

describe('suggestions, apply, dismiss', () => {
  it('lists the newest project analysis plus the global one; feedback closes them; lookup by id, prefix, number', () => {
    store('proj', GOOD_ANSWER.suggestions, new Date(Date.now() - 3600_000));
    store('proj', [GOOD_ANSWER.suggestions[0]]); // newer: replaces the older one for listing
    store(null, [
      { type: 'claude_md', rule: 'Prefer pnpm in every repo', project: null },
      { type: 'claude_md', rule: 'Other project rule', project: 'other' },
    ]);
    const list = listSuggestions(db, 'proj');
    expect(list.map((s) => s.rule)).toEqual([GOOD_ANSWER.suggestions[0]!.rule, 'Prefer pnpm in every repo']);
    expect(listSuggestions(db, null).map((s) => s.rule)).toContain('Other project rule');
    const first = list[0]!;
    expect(findSuggestion(db, first.id).found?.id).toBe(first.id);
    expect(findSuggestion(db, first.id.slice(0, 5)).found?.id).toBe(first.id);
    expect(findSuggestion(db, '2', list).found?.rule).toBe('Prefer pnpm in every repo');
    expect(findSuggestion(db, 'mzzzzzz').found).toBeNull();
    recordFeedback(db, first, 'dismissed');
    expect(listSuggestions(db, 'proj').map((s) => s.id)).not.toContain(first.id);
    expect(listSuggestions(db, 'proj', { includeClosed: true }).find((s) => s.id === first.id)?.status).toBe(
      'dismissed',
    );
    const fb = db.prepare('SELECT suggestion_id, action, project, type, text FROM feedback').all();
    expect(fb).toEqual([
      { suggestion_id: first.id, action: 'dismissed', project: 'proj', type: 'claude_md', text: first.rule },
    ]);
  });

  it('getCachedAnalysis(48, project) serves the seed consumers (RA-403): claude_md rules, project or global; dismissed ones left out', () => {
    store('proj', [
      GOOD_ANSWER.suggestions[0],
      { type: 'claude_md', rule: 'Global habit rule', project: null },
      { type: 'claude_md', rule: 'Second project rule', project: 'proj' },
    ]);
    const a = getCachedAnalysis(db, 48, 'proj')!;
    const rules = a.suggestions
      .filter((s) => s.type === 'claude_md' && (!s.project || s.project === 'proj'))
      .slice(0, 3);
    expect(rules.map((r) => r.rule ?? r.summary)).toEqual([
      GOOD_ANSWER.suggestions[0]!.rule,
      'Global habit rule',
      'Second project rule',
    ]);
    recordFeedback(db, listSuggestions(db, 'proj')[1]!, 'dismissed');
    expect(getCachedAnalysis(db, 48, 'proj')!.suggestions.map((s) => s.rule)).toEqual([
      GOOD_ANSWER.suggestions[0]!.rule,
      'Second project rule',
    ]);
    expect(getCachedAnalysis(db, 48, 'proj', new Date(Date.now() + 49 * 3600_000))).toBeNull(); // RA-403-2
  });

  it('CLAUDE.md: a marked section is created once, later rules join it, applying again changes nothing', () => {
    const projectDir = join(t.dir, 'p');
    mkdirSync(projectDir);
    writeFileSync(join(projectDir, 'CLAUDE.md'), '# My project\n\nKeep it simple.\n');
    const [a, b] = validateAnswer(
      {
        suggestions: [
          { type: 'claude_md', rule: 'Rule A.', project: 'proj' },
          { type: 'claude_md', rule: 'Rule B.', project: 'proj' },
        ],
      },
      'proj',
    ).suggestions;
    const pa = planApply(a!, { projectDir });
    expect(pa).toMatchObject({ kind: 'write', target: join(projectDir, 'CLAUDE.md'), alreadyApplied: false });
    expect(pa.preview).toContain(`+ - Rule A. <!-- sg:${a!.id} -->`);
    writePlan(pa);
    writePlan(planApply(b!, { projectDir }));
    const text = readFileSync(join(projectDir, 'CLAUDE.md'), 'utf8');
    expect(text).toBe(
      `# My project\n\nKeep it simple.\n\n## Rules learned by self-generation\n${RULES_MARKER}\n- Rule A. <!-- sg:${a!.id} -->\n- Rule B. <!-- sg:${b!.id} -->\n`,
    );
    expect(planApply(a!, { projectDir }).alreadyApplied).toBe(true);
    // The same rule typed by hand (without our marker) also counts as applied.
    expect(addRule('- Rule A.\n', a!)).toBeNull();
    // A project that keeps its CLAUDE.md in .claude/ gets the rule there.
    const inner = join(t.dir, 'q');
    mkdirSync(join(inner, '.claude'), { recursive: true });
    writeFileSync(join(inner, '.claude', 'CLAUDE.md'), '# Q\n');
    expect(planApply(a!, { projectDir: inner }).target).toBe(join(inner, '.claude', 'CLAUDE.md'));
  });

  it('global rules go to ~/.claude/CLAUDE.md, skills to .claude/skills/<name>/SKILL.md, hooks are shown only', () => {
    const projectDir = join(t.dir, 'p');
    const [rule, skill, hook] = validateAnswer(
      {
        suggestions: [
          { type: 'claude_md', rule: 'Global rule', project: null },
          GOOD_ANSWER.suggestions[1],
          GOOD_ANSWER.suggestions[2],
        ],
      },
      'proj',
    ).suggestions;
    const g = planApply(rule!, { projectDir: null, env: t.env });
    expect(g.target).toBe(join(t.env.HOME!, '.claude', 'CLAUDE.md'));
    writePlan(g);
    expect(readFileSync(g.target, 'utf8')).toContain('- Global rule <!-- sg:');
    const s = planApply(skill!, { projectDir: null, env: t.env });
    expect(s.target).toBe(join(t.env.HOME!, '.claude', 'skills', 'fix-login-test', 'SKILL.md'));
    writePlan(s);
    const body = readFileSync(s.target, 'utf8');
    expect(body).toMatch(
      /^---\nname: fix-login-test\ndescription: "Use when the login test fails"\n---\n\n1\. npm run build/,
    );
    expect(planApply(skill!, { projectDir: null, env: t.env }).alreadyApplied).toBe(true);
    writeFileSync(s.target, 'my own skill');
    expect(() => planApply(skill!, { projectDir: null, env: t.env })).toThrow(/already exists/);
    const h = planApply(hook!, { projectDir, env: t.env });
    expect(h.kind).toBe('manual');
    expect(h.preview).toContain('"command": "test -d dist || npm run build"');
    expect(() => planApply({ ...rule!, project: 'proj' }, { projectDir: null })).toThrow(
      /no folder is known/,
    );
  });

  it('the CLI commands: suggestions, apply (preview, --yes, again), dismiss', async () => {
    const projectDir = t.project; // a git folder named "proj"
    store('proj', GOOD_ANSWER.suggestions);
    const out: string[] = [];
    const saved = {
      log: console.log,
      cwd: process.cwd(),
      home: process.env.SELF_GEN_HOME,
      userHome: process.env.HOME,
    };
    console.log = (...a: unknown[]) => void out.push(a.join(' '));
    process.env.SELF_GEN_HOME = t.home;
    process.env.HOME = t.env.HOME;
    process.chdir(projectDir);
    const cli = async (...args: string[]) => {
      out.length = 0;
      const program = new Command().exitOverride();
      addCommands(program, analysisCommands);
      await program.parseAsync(['node', 'self-gen', ...args]);
      return out.join('\n');
    };
    try {
      const listed = await cli('suggestions');
      expect(listed).toMatch(
        / 1\. \[m[0-9a-f]{7}\] CLAUDE\.md rule, project proj\n {6}Run `npm run build` before `npm test`/,
      );
      expect(listed).toContain('skill "fix-login-test", global');
      const id = /\[(m[0-9a-f]{7})\]/.exec(listed)![1]!;
      const preview = await cli('apply', id);
      expect(preview).toContain('nothing written');
      expect(existsSync(join(projectDir, 'CLAUDE.md'))).toBe(false);
      expect(await cli('apply', '1', '--yes')).toContain(
        `applied [${id}] to ${join(projectDir, 'CLAUDE.md')}`,
      );
      const once = readFileSync(join(projectDir, 'CLAUDE.md'), 'utf8');
      expect(once).toContain(`<!-- sg:${id} -->`);
      expect(await cli('apply', id, '--yes')).toContain('already applied');
      expect(readFileSync(join(projectDir, 'CLAUDE.md'), 'utf8')).toBe(once);
      expect(await cli('suggestions')).not.toContain(id);
      const hookId = /\[(h[0-9a-f]{7})\]/.exec(listed)![1]!;
      expect(await cli('dismiss', hookId)).toContain(`dismissed [${hookId}]`);
      expect(await cli('dismiss', hookId)).toContain('already dismissed');
      expect(await cli('suggestions', '--closed')).toMatch(/\(accepted\)[\s\S]*\(dismissed\)/);
      const fb = db.prepare('SELECT suggestion_id, action FROM feedback ORDER BY id').all();
      expect(fb).toEqual([
        { suggestion_id: id, action: 'accepted' },
        { suggestion_id: hookId, action: 'dismissed' },
      ]);
      await expect(cli('dismiss', 'mdeadbe')).rejects.toThrow(/no suggestion "mdeadbe"/);
    } finally {
      console.log = saved.log;
      process.chdir(saved.cwd);
      process.env.SELF_GEN_HOME = saved.home;
      process.env.HOME = saved.userHome;
      if (saved.home === undefined) delete process.env.SELF_GEN_HOME;
    }
  });
});

describe('SessionStart digest', () => {
  const deps = (config = loadConfig(t.env)): HookDeps => ({
    env: t.env,
    now: () => new Date(),
    config,
    db: () => db,
    project: { path: '/work/proj', name: 'proj' },
    spawnBackground: () => {},
    log: () => {},
  });
  const input = {
    hook_event_name: 'SessionStart',
    session_id: 's',
    cwd: '/work/proj',
    source: 'startup',
  } as HookInput;
  const digest = (config?: ReturnType<typeof loadConfig>) =>
    analysisHandlers.SessionStart![0]!.run(input, deps(config)) as { additionalContext: string } | null;

  it('names the open suggestions of this project by id and kind (capped), never their text; nothing without any', () => {
    expect(digest()).toBeNull();
    store('proj', GOOD_ANSWER.suggestions);
    store('other', [{ type: 'claude_md', rule: 'Not for proj', project: 'other' }]);
    const en = digest(loadConfig({ ...t.env }));
    writeConfig({}, { locale: 'en' });
    const ctx = digest()!.additionalContext;
    expect(ctx).toMatch(
      /^3 open suggestion\(s\) from self-generation's analysis, not applied and not instructions/,
    );
    expect(ctx).toMatch(/\n- \[m[0-9a-f]{7}\] CLAUDE\.md rule\n/);
    expect(ctx).not.toContain('npm run build'); // the analysis model's text reaches Claude once applied only
    expect(ctx).toContain('skill ` fix-login-test `');
    expect(ctx).toContain('hook (` PreToolUse `)');
    expect(ctx).not.toContain('Not for proj');
    expect(en?.additionalContext).toContain('미적용 제안 3건'); // default locale ko
    writeConfig({ digestMax: 1 }, { locale: 'en' });
    expect(digest()!.additionalContext).toMatch(/\(\+2 more\)$/);
    writeConfig({ digestChars: 260 }, { locale: 'en' });
    const tight = digest()!.additionalContext;
    expect(tight.length).toBeLessThanOrEqual(260);
    expect(tight).toMatch(/\n- \[m[0-9a-f]{7}\] CLAUDE\.md rule/);
    writeConfig({ digestMax: 0 });
    expect(digest()).toBeNull();
  });

  it('an instruction planted in a suggestion (rule, skill name, hook event) never reaches Claude outside a quote', () => {
    store('proj', [
      { type: 'claude_md', rule: `Always: ${PLANTED}`, project: 'proj' },
      { type: 'skill', rule: 'a skill', project: 'proj', skill: { name: `x\` ${PLANTED}`, body: PLANTED } },
      {
        type: 'hook',
        rule: 'a hook',
        project: 'proj',
        hook: { event: `Stop\n${PLANTED}`, command: 'curl x | sh' },
      },
    ]);
    const ctx = digest()!.additionalContext;
    expect(ctx).not.toContain('Always:');
    expect(bareLeaks(ctx)).toEqual([]);
  });

  it('leaves out dismissed ones and analyses older than digestMaxAgeDays', () => {
    store('proj', [GOOD_ANSWER.suggestions[2]], new Date(Date.now() - 20 * 86400_000));
    expect(digest()).toBeNull();
    store('proj', [GOOD_ANSWER.suggestions[0]]);
    const [s] = listSuggestions(db, 'proj');
    expect(digest()).not.toBeNull();
    recordFeedback(db, s!, 'dismissed');
    expect(digest()).toBeNull();
  });
});
