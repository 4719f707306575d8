// #23.3: the injected text's language follows the user: config.json's `locale`, else the
// environment's (LC_ALL, LC_MESSAGES, LANG); every message table holds every message in both
// languages; `self-gen demo` uses the same default.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localeFromEnv } from '../../src/common/locale.js';
import { loadConfig } from '../../src/common/config.js';
import { MESSAGES } from '../../src/error-kb/messages.js';
import { STRINGS, pasteableInstructions } from '../../src/shared-context/strings.js';
import { TEXT as DIGEST } from '../../src/analysis/digest.js';
import { fallbackWarning } from '../../src/orchestrator/memory.js';
import { Q as MEMORY_QUERIES } from '../../src/orchestrator/memory-triggers.js';
import { MANUAL_PROVENANCE } from '../../src/mcp/provenance.js';
import { ago, provenanceText } from '../../src/error-kb/advice.js';
import { cli } from '../helpers/cli.js';
import { ROOT, tempEnv, type TempEnv } from '../helpers/env.js';

const HANGUL = /[\uAC00-\uD7AF]/;
/** An English word of the message itself (the arguments below are all upper case or digits). */
const ENGLISH_WORD = /[a-z]{3,}/;

/** Locale variables unset, then `vars` set. */
const localeEnv = (vars: Record<string, string>, base: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => {
  const env = { ...base };
  delete env.LC_ALL;
  delete env.LC_MESSAGES;
  delete env.LANG;
  return { ...env, ...vars };
};

describe('#23.3 the default locale comes from the environment', () => {
  it('Korean on a Korean system, English otherwise; LC_ALL, then LC_MESSAGES, then LANG', () => {
    expect(localeFromEnv(localeEnv({}))).toBe('en');
    expect(localeFromEnv(localeEnv({ LANG: 'C.UTF-8' }))).toBe('en');
    expect(localeFromEnv(localeEnv({ LANG: 'POSIX' }))).toBe('en');
    expect(localeFromEnv(localeEnv({ LANG: 'en_US.UTF-8' }))).toBe('en');
    expect(localeFromEnv(localeEnv({ LANG: 'ko_KR.UTF-8' }))).toBe('ko');
    expect(localeFromEnv(localeEnv({ LANG: 'ko' }))).toBe('ko');
    expect(localeFromEnv(localeEnv({ LANG: 'ko_KR.eucKR' }))).toBe('ko');
    expect(localeFromEnv(localeEnv({ LANG: 'kok_IN' }))).toBe('en'); // Konkani, not Korean
    expect(localeFromEnv(localeEnv({ LANG: 'en_US.UTF-8', LC_MESSAGES: 'ko_KR.UTF-8' }))).toBe('ko');
    expect(localeFromEnv(localeEnv({ LC_ALL: 'en_US.UTF-8', LC_MESSAGES: 'ko_KR.UTF-8' }))).toBe('en');
    expect(localeFromEnv(localeEnv({ LC_ALL: '', LANG: 'ko_KR.UTF-8' }))).toBe('ko'); // empty = unset
  });

  let t: TempEnv | undefined;
  afterEach(() => t?.cleanup());

  it('config.json `locale` overrides the environment; without it the environment decides', () => {
    t = tempEnv();
    const en = localeEnv({ LANG: 'en_US.UTF-8' }, t.env);
    const ko = localeEnv({ LANG: 'ko_KR.UTF-8' }, t.env);
    expect(loadConfig(en).locale).toBe('en');
    expect(loadConfig(ko).locale).toBe('ko');
    mkdirSync(t.home, { recursive: true });
    writeFileSync(join(t.home, 'config.json'), JSON.stringify({ locale: 'en' }));
    expect(loadConfig(ko).locale).toBe('en');
    writeFileSync(join(t.home, 'config.json'), JSON.stringify({ locale: 'ko' }));
    expect(loadConfig(en).locale).toBe('ko');
    writeFileSync(join(t.home, 'config.json'), JSON.stringify({ locale: 'fr' }));
    const bad = loadConfig(en);
    expect(bad.locale).toBe('en');
    expect(bad.problems.join('\n')).toMatch(/config\.locale/);
  });

  it('`self-gen demo` shows what Claude would receive in the same language', () => {
    t = tempEnv();
    const demo = (vars: Record<string, string>, ...args: string[]) => {
      const r = cli(localeEnv(vars, t!.env), ['demo', '--json', ...args]);
      if (r.code !== 0) throw new Error(`demo exited ${r.code}: ${r.stderr}`);
      return JSON.parse(r.stdout) as { context: string | null }[];
    };
    const text = (r: { context: string | null }[]) => r.map((x) => x.context ?? '').join('\n');
    const ko = demo({ LANG: 'ko_KR.UTF-8' }).filter((r) => r.context);
    expect(ko.length).toBeGreaterThanOrEqual(4);
    // Every hook's injection opens with its own words in Korean (advice, both guides, both contexts).
    for (const r of ko) expect(r.context!.split('\n')[0]).toMatch(HANGUL);
    const en = text(demo({ LANG: 'C.UTF-8' }));
    expect(en).toMatch(/This error was resolved before/);
    expect(en).not.toMatch(HANGUL);
    expect(text(demo({ LANG: 'C.UTF-8' }, '--locale', 'ko'))).toMatch(HANGUL);
  });
});

/** Calls every function of a table with placeholder arguments; strings stay as they are. */
function render(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'function') {
    // Each argument is a one-element list: it reads as its text (`ARGn`) and as a list of it.
    const args = Array.from({ length: v.length }, (_, i) => [`ARG${i + 1}`]);
    return String((v as (...a: unknown[]) => unknown)(...args));
  }
  if (v && typeof v === 'object') return Object.values(v).map(render).join('\n');
  return String(v);
}

const TABLES: Record<string, { ko: object; en: object }> = {
  'error-kb/messages.ts MESSAGES': MESSAGES,
  'shared-context/strings.ts STRINGS': STRINGS,
  'analysis/digest.ts TEXT': DIGEST,
  'orchestrator/memory-triggers.ts Q': MEMORY_QUERIES,
  'mcp/provenance.ts MANUAL_PROVENANCE': { ko: { s: MANUAL_PROVENANCE.ko }, en: { s: MANUAL_PROVENANCE.en } },
};

describe('#23.3 every injected string exists in both languages', () => {
  for (const [name, t] of Object.entries(TABLES)) {
    it(name, () => {
      expect(Object.keys(t.ko).sort()).toEqual(Object.keys(t.en).sort());
      for (const key of Object.keys(t.en)) {
        const en = render((t.en as Record<string, unknown>)[key]);
        const ko = render((t.ko as Record<string, unknown>)[key]);
        expect(en, `${name}.${key} (en)`).not.toMatch(HANGUL);
        expect(en.trim(), `${name}.${key} (en)`).not.toBe('');
        expect(ko.trim(), `${name}.${key} (ko)`).not.toBe('');
        // Text of its own in English must be translated, not copied.
        if (ENGLISH_WORD.test(en.replace(/ARG\d/g, ''))) expect(ko, `${name}.${key} (ko)`).toMatch(HANGUL);
      }
    });
  }

  it('the functions with a locale argument (provenance, how long ago, fallbacks, instructions)', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const p = (source: 'this-project' | 'other-projects') => ({
      source,
      confirmations: 3,
      projects: 2,
      lastTs: '2026-11-24T12:00:00Z',
    });
    for (const [ko, en] of [
      [ago('2026-11-26T11:59:50Z', now, 'ko'), ago('2026-11-26T11:59:50Z', now, 'en')],
      [ago('2026-11-26T11:00:00Z', now, 'ko'), ago('2026-11-26T11:00:00Z', now, 'en')],
      [provenanceText(p('this-project'), now, 'ko'), provenanceText(p('this-project'), now, 'en')],
      [provenanceText(p('other-projects'), now, 'ko'), provenanceText(p('other-projects'), now, 'en')],
      [fallbackWarning('ko', 'TIMEOUT'), fallbackWarning('en', 'TIMEOUT')],
      [pasteableInstructions('ko'), pasteableInstructions('en')],
    ]) {
      expect(ko).toMatch(HANGUL);
      expect(en).not.toMatch(HANGUL);
      expect(en).toMatch(ENGLISH_WORD);
    }
  });

  // A Korean string anywhere else in src/ would be injected in Korean whatever the locale. Files
  // that hold Korean only in comments or in patterns that read Korean text are listed with why.
  const KOREAN_ALLOWED: Record<string, string> = {
    'src/error-kb/messages.ts': 'table MESSAGES',
    'src/shared-context/strings.ts': 'table STRINGS',
    'src/analysis/digest.ts': 'table TEXT',
    'src/orchestrator/memory.ts': 'fallbackWarning',
    'src/orchestrator/memory-triggers.ts': 'table Q, search terms',
    'src/mcp/provenance.ts': 'table MANUAL_PROVENANCE',
    'src/error-kb/advice.ts': 'ago / provenanceText, both locales (tested above)',
    'src/orchestrator/context.ts': 'a comment',
    'src/orchestrator/roles.ts': 'a comment',
    'src/orchestrator/merge.ts': 'a comment, a pattern that reads Korean negations',
    'src/shared-context/extract.ts': 'patterns that read Korean finding lines',
    'src/shared-context/own-file.ts': 'patterns that read Korean headings',
  };

  it('no Korean text in src/ outside the message tables', () => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(ts|cts|mts)$/.test(e.name) && HANGUL.test(readFileSync(p, 'utf8')))
          found.push(relative(ROOT, p).split('\\').join('/'));
      }
    };
    walk(join(ROOT, 'src'));
    const stray = found.filter((f) => !(f in KOREAN_ALLOWED));
    expect(stray, 'Korean text outside a message table: put it in a table with its English twin').toEqual([]);
  });
});
