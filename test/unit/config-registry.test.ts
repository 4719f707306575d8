// #24 one configuration registry: every SELF_GEN_* variable the code reads is declared once
// (src/common/env-vars.ts), every config.json section the code reads too
// (src/common/config-registry.ts), and docs/configuration.md's generated parts and
// docs/config.schema.json match the registry.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { ENV_VARS } from '../../src/common/env-vars.js';
import { CONFIG_SECTIONS, CORE_CONFIG, type SectionKey } from '../../src/common/config-registry.js';
import { getSection, loadConfig } from '../../src/common/config.js';
import * as z from 'zod/mini';
import {
  describeKeys,
  renderConfigDoc,
  renderConfigSchemaFile,
  renderKeyTables,
  type JsonNode,
} from '../../scripts/config-docs.js';
import { ROOT, tempEnv } from '../helpers/env.js';

const NAME = /SELF_GEN_[A-Z0-9_]*[A-Z0-9]/g;

function sources(): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (dir: string): void => {
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, d.name);
      if (d.isDirectory()) walk(p);
      else if (/\.(ts|cts|tsx|bash|sh)$/.test(d.name))
        out.push({ path: relative(ROOT, p), text: readFileSync(p, 'utf8') });
    }
  };
  walk(join(ROOT, 'src'));
  return out;
}

/** `file: NAME` for each variable read in the code but not declared; declared names never read. */
function registryProblems(files: { path: string; text: string }[], declared: string[]): string[] {
  const used = new Map<string, string>();
  for (const f of files) {
    if (f.path === join('src', 'common', 'env-vars.ts')) continue;
    for (const m of f.text.matchAll(NAME)) if (!used.has(m[0])) used.set(m[0], f.path);
  }
  // A prefix built into a name at run time (`SELF_GEN_SHARED_CONTEXT_` + key) is not a variable.
  const problems = [...used]
    .filter(([n]) => !declared.includes(n) && !declared.some((d) => d.startsWith(n + '_')))
    .map(([n, f]) => `${f}: ${n} is read but not declared in src/common/env-vars.ts`);
  for (const d of declared) if (!used.has(d)) problems.push(`${d} is declared but never read`);
  return problems.sort();
}

describe('#24 configuration registry', () => {
  const declared = ENV_VARS.map((v) => v.name as string);

  it('every SELF_GEN_* variable the code reads is declared once, and every declared one is read', () => {
    expect(new Set(declared).size).toBe(declared.length);
    expect(registryProblems(sources(), declared)).toEqual([]);
  });

  it('the check finds an undeclared variable (it can fail)', () => {
    const planted = [...sources(), { path: 'src/x.ts', text: 'process.env.SELF_GEN_SURPRISE' }];
    expect(registryProblems(planted, declared)).toEqual([
      'src/x.ts: SELF_GEN_SURPRISE is read but not declared in src/common/env-vars.ts',
    ]);
  });

  it('docs/configuration.md is what `npm run gen:config` writes', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8');
    expect(renderConfigDoc(doc)).toBe(doc);
    expect(doc).toContain('| `SELF_GEN_HOME` |');
  });
});

/** `file: key` for each config.json section or key the code reads that the registry does not declare. */
function sectionProblems(files: { path: string; text: string }[], declared: string[]): string[] {
  const out: string[] = [];
  const reads = [
    /\bgetSection\([^'"]*?,\s*['"]([^'"]+)['"]/g, // getSection(config, 'key')
    /\.raw\.([A-Za-z_$][\w$]*)/g, // config.raw.key
    /\.raw\[\s*['"]([^'"]+)['"]\s*\]/g, // config.raw['key']
  ];
  for (const f of files)
    for (const re of reads)
      for (const m of f.text.matchAll(re))
        if (!declared.includes(m[1]!))
          out.push(
            `${f.path}: config section \`${m[1]}\` is read but not declared in src/common/config-registry.ts`,
          );
  return out.sort();
}

describe('#24 configuration registry: config.json', () => {
  const declared = [...Object.keys(CONFIG_SECTIONS), ...Object.keys(CORE_CONFIG.schema.def.shape)];
  const schema = JSON.parse(readFileSync(join(ROOT, 'docs', 'config.schema.json'), 'utf8')) as Record<
    string,
    unknown
  >;

  it('every section the code reads is declared in the registry', () => {
    const files = sources().filter((f) => f.path.endsWith('.ts'));
    expect(files.filter((f) => /\bgetSection\(/.test(f.text)).length).toBeGreaterThan(5);
    expect(sectionProblems(files, declared)).toEqual([]);
  });

  it('getSection takes only a declared section (a type error, and a throw if forced)', () => {
    const c = loadConfig({ ...process.env, SELF_GEN_HOME: join(ROOT, 'no-such-home') });
    expect(getSection(c, 'errorAdvice')).toEqual({ enabled: true });
    // @ts-expect-error 'surprise' is not a section of the registry
    expect(() => getSection(c, 'surprise')).toThrow();
  });

  it('the check finds an undeclared section (it can fail)', () => {
    const planted = [
      ...sources(),
      { path: 'src/x.ts', text: "const s = getSection(loadConfig(env), 'surprise');\nconfig.raw.other;" },
    ];
    expect(sectionProblems(planted, declared)).toEqual([
      'src/x.ts: config section `other` is read but not declared in src/common/config-registry.ts',
      'src/x.ts: config section `surprise` is read but not declared in src/common/config-registry.ts',
    ]);
  });

  it('docs/config.schema.json is what `npm run gen:config` writes', () => {
    expect(readFileSync(join(ROOT, 'docs', 'config.schema.json'), 'utf8')).toBe(renderConfigSchemaFile());
  });

  it('docs/configuration.md has a generated key table for the core keys and every section', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8');
    const tables = renderKeyTables();
    expect(Object.keys(tables).sort()).toEqual(
      ['config:core', 'config:embedding', ...Object.keys(CONFIG_SECTIONS).map((k) => `config:${k}`)].sort(),
    );
    for (const [name, table] of Object.entries(tables)) expect(doc, name).toContain(table);
    expect(tables['config:team']).toContain('| `team.connectTimeoutMs` | integer 100–60000 | `3000` |');
  });

  it('every key needs a description, and a description needs its key (the generator fails otherwise)', () => {
    const schema = z.object({ a: z._default(z.boolean(), true), b: z.object({ c: z.optional(z.string()) }) });
    const node = () => z.toJSONSchema(schema, { io: 'input', target: 'draft-7' }) as JsonNode;
    const entry = (keys: Record<string, string>) => ({ schema, doc: 'x', keys });
    expect(() => describeKeys(node(), entry({ a: 'on', b: 'more', 'b.c': 'text' }), 'x')).not.toThrow();
    expect(() => describeKeys(node(), entry({ a: 'on', b: 'more' }), 'x')).toThrow(
      'config registry: x: no description for `b.c`',
    );
    expect(() => describeKeys(node(), entry({ a: 'on', b: 'more', 'b.c': 't', d: 'gone' }), 'x')).toThrow(
      'config registry: x: `d` is described but is no key',
    );
  });

  describe('a config.json checked against the JSON schema', () => {
    const validate = new AjvJsonSchemaValidator().getValidator(schema);
    const load = (config: unknown) => {
      const t = tempEnv();
      try {
        mkdirSync(t.home, { recursive: true });
        writeFileSync(join(t.home, 'config.json'), JSON.stringify(config));
        const c = loadConfig(t.env);
        for (const k of Object.keys(CONFIG_SECTIONS)) getSection(c, k as SectionKey);
        return c;
      } finally {
        t.cleanup();
      }
    };

    it('valid per the schema: loadConfig and every section accept it without a problem', () => {
      const config = {
        $schema: './config.schema.json',
        locale: 'en',
        retentionDays: 30,
        embedding: { thresholds: { accept: 0.7, reject: 0.9 }, modelPath: '/models/x' },
        preToolGuide: { failureRateThreshold: 0.5 },
        subagentContext: { codeAgents: ['executor', 'my-coder'] },
        advice: { minOtherProjectConfirmations: 3 },
        team: { url: 'postgres://me@db/team', muted: ['bob'] },
        sharedContext: {
          filters: { review: ['changes'] },
          rules: [{ name: 'mig', category: 'notes', tool: '^Bash$', match: 'migrate' }],
        },
        orchestrator: { roles: { planner: ['my-planner'] }, claudeMem: { enabled: false } },
        analysis: { model: 'sonnet', minNewEvents: 100 },
      };
      expect(validate(config).valid).toBe(true);
      const c = load(config);
      expect(c.problems).toEqual([]);
      expect(c.retentionDays).toBe(30);
    });

    it('a wrong type or range: the schema rejects it, and loadConfig reports it and uses the default', () => {
      const config = {
        retentionDays: '30',
        embedding: { daemonTimeoutMs: 5000 },
        advice: { minOtherProjectConfirmations: 'two' },
        sharedContext: { rules: [{ name: 'no category' }] },
      };
      const r = validate(config);
      expect(r.valid).toBe(false);
      const c = load(config);
      expect(c.retentionDays).toBe(90);
      expect(c.embedding.daemonTimeoutMs).toBe(60);
      const at = c.problems.map((p) => p.split(':')[0]);
      expect(at).toEqual(
        expect.arrayContaining([
          'config.retentionDays',
          'config.embedding.daemonTimeoutMs',
          'config.advice.minOtherProjectConfirmations',
          'config.sharedContext.rules.0.category',
        ]),
      );
      // each bad key alone is rejected by the schema too
      for (const bad of [
        { retentionDays: '30' },
        { embedding: { daemonTimeoutMs: 5000 } },
        { advice: { minOtherProjectConfirmations: 'two' } },
        { sharedContext: { rules: [{ name: 'no category' }] } },
      ])
        expect(validate(bad).valid, JSON.stringify(bad)).toBe(false);
    });
  });
});
