// #16 guard: every SQLite table has exactly one owning module, the only place with SQL on it.
// The scanner reads each src/**/*.ts file's string and template literals (TypeScript's own parser,
// so comments never count) and finds SQL in them: statements (SELECT … FROM, INSERT INTO,
// UPDATE … SET, DELETE FROM, CREATE/DROP/ALTER …, PRAGMA) and json_extract. SQL that names a table
// outside the table's owner fails, with file:line and the owner to use; SQL naming no known table
// fails outside the owner and database-wide modules; a table missing from the map fails.
// The same map is in docs/development.md ("Who owns which table").
import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ROOT } from '../helpers/env.js';

/** Table → the one module (or, ending in `/`, the one folder) that runs SQL on it. */
export const TABLE_OWNERS: Record<string, string> = {
  events: 'src/db/events/',
  event_files: 'src/db/events/',
  events_fts: 'src/db/events/',
  error_kb: 'src/error-kb/store/',
  error_kb_fts: 'src/error-kb/store/',
  error_kb_vocab: 'src/error-kb/store/',
  error_kb_fixes: 'src/error-kb/store/',
  error_kb_fix_projects: 'src/error-kb/store/',
  error_kb_lookups: 'src/error-kb/store/',
  vec_error_kb: 'src/error-kb/store/',
  vec_error_kb_rowids: 'src/error-kb/store/',
  error_kb_fix_team: 'src/error-kb/store/',
  error_kb_forgotten: 'src/error-kb/store/',
  error_kb_team_projects: 'src/error-kb/store/',
  team_cursors: 'src/team/local.ts',
  team_pushed: 'src/team/local.ts',
  // PostgreSQL (the team store), not SQLite: one owner module too
  team_schema: 'src/team/pg.ts',
  team_members: 'src/team/pg.ts',
  team_fixes: 'src/team/pg.ts',
  analysis_cache: 'src/analysis/cache.ts',
  feedback: 'src/analysis/cache.ts',
  kv: 'src/db/kv.ts',
};

/**
 * Database-wide modules, allowed SQL on any table: the migrations (schema.ts), the connection and
 * its PRAGMAs (db.ts), and the integrity check and repair (integrity.ts: PRAGMA checks, FTS rebuilds,
 * salvage by copying every table).
 */
export const DB_WIDE = new Set(['src/db/schema.ts', 'src/db/db.ts', 'src/db/integrity.ts']);

/** SQLite's own names (not tables of ours) that may follow FROM/JOIN/INTO. */
const BUILTIN = new Set([
  'sqlite_master',
  'sqlite_schema',
  'sqlite_sequence',
  'json_each',
  'json_tree',
  'pragma_table_info',
  // PostgreSQL (src/team/pg.ts)
  'unnest',
  'pg_catalog',
  'pg_roles',
]);

const STATEMENT =
  /\b(?:SELECT\b[\s\S]*?\bFROM\b|INSERT\s+(?:OR\s+\w+\s+)?INTO\b|UPDATE\s+\w+\s+SET\b|DELETE\s+FROM\b|CREATE\s+(?:UNIQUE\s+|VIRTUAL\s+)?(?:TABLE|INDEX|TRIGGER|VIEW)\b|DROP\s+(?:TABLE|INDEX|TRIGGER|VIEW)\b|ALTER\s+TABLE\b|PRAGMA\s+\w)|\bjson_extract\s*\(/;
const TABLE_REF =
  /\b(?:FROM|JOIN|INTO|UPDATE(?:\s+OR\s+\w+)?|TABLE(?:\s+IF\s+NOT\s+EXISTS)?|ON)\s+(?!OR\s)([A-Za-z_]\w*)/g;
// (USING, ON: PostgreSQL's `FOR UPDATE USING (…)` and `GRANT … UPDATE ON t` in src/team/pg.ts)
const SQL_WORDS = new Set([
  'SELECT',
  'SET',
  'VALUES',
  'CONFLICT',
  'IF',
  'DEFAULT',
  'EXISTS',
  'NOT',
  'USING',
  'ON',
]);

export interface SqlHit {
  line: number;
  sql: string;
  tables: string[];
  unknown: string[];
}

/** The SQL in a source text's literals: each with its line and the tables it names. */
export function findSql(source: string, fileName = 'x.ts'): SqlHit[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const hits: SqlHit[] = [];
  const known = Object.keys(TABLE_OWNERS);
  // a fragment naming one of our tables (`'FROM events'` glued to a SELECT elsewhere) is SQL too
  const fragment = new RegExp(`\\b(?:FROM|JOIN|INTO|UPDATE)\\s+(?:${known.join('|')})\\b`);
  const check = (node: ts.Node, text: string) => {
    if (!STATEMENT.test(text) && !fragment.test(text)) return;
    const tables = known.filter((t) => new RegExp(`\\b${t}\\b`).test(text));
    const unknown = [...text.matchAll(TABLE_REF)]
      .map((m) => m[1]!)
      .filter((n) => !(n in TABLE_OWNERS) && !BUILTIN.has(n) && !SQL_WORDS.has(n.toUpperCase()))
      // not an alias (`JOIN events e ON e.id = …`: short lower-case names)
      .filter((n, i, a) => !/^[a-z]\w?$/.test(n) && a.indexOf(n) === i);
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    hits.push({ line, sql: text.replace(/\s+/g, ' ').trim().slice(0, 80), tables, unknown });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) check(node, node.text);
    else if (ts.isTemplateExpression(node)) {
      // the literal parts, with a placeholder for each ${…}; the expressions are visited too
      check(node, [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ? '));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return hits;
}

/** The violations of one file (path relative to the repository, `/`-separated). */
export function fileViolations(rel: string, source: string): string[] {
  if (DB_WIDE.has(rel)) return [];
  const owns = (owner: string | undefined): boolean =>
    owner !== undefined && (owner.endsWith('/') ? rel.startsWith(owner) : owner === rel);
  const isOwner = Object.values(TABLE_OWNERS).some(owns);
  const out: string[] = [];
  for (const h of findSql(source, rel)) {
    for (const t of h.tables)
      if (!owns(TABLE_OWNERS[t]))
        out.push(`${rel}:${h.line}: SQL on table ${t} (${h.sql}) — use ${TABLE_OWNERS[t]}, its owner`);
    for (const n of h.unknown)
      out.push(`${rel}:${h.line}: table ${n} has no owner — add it to TABLE_OWNERS and docs/development.md`);
    if (h.tables.length === 0 && !isOwner)
      out.push(`${rel}:${h.line}: SQL outside the owning modules (${h.sql}) — move it to the table's owner`);
  }
  return out;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? sources(p) : /\.(c|m)?ts$/.test(n) && !n.endsWith('.d.ts') ? [p] : [];
  });
}

export function violations(root: string): string[] {
  return sources(join(root, 'src')).flatMap((file) =>
    fileViolations(relative(root, file).split('\\').join('/'), readFileSync(file, 'utf8')),
  );
}

describe('#16 guard: SQL only in the owner of its table', () => {
  it('src/ has no SQL outside the owners', () => {
    expect(violations(ROOT)).toEqual([]);
  });

  it('every table the migrations create has an owner', () => {
    const schema = readFileSync(join(ROOT, 'src/db/schema.ts'), 'utf8');
    const created = [...schema.matchAll(/CREATE (?:VIRTUAL )?TABLE IF NOT EXISTS (\w+)/g)].map((m) => m[1]!);
    expect(created.length).toBeGreaterThan(5);
    expect(created.filter((t) => !(t in TABLE_OWNERS))).toEqual([]);
  });

  it('the scanner finds SQL in strings and templates, not in comments, with its line', () => {
    const src = [
      '// SELECT * FROM events (a comment is not SQL)',
      "const a = 'no sql here: select a file from the list';",
      "const b = db.prepare('SELECT count(*) AS n FROM events').get();",
      'const c = `SELECT id FROM error_kb WHERE error_normalized = ${"?"} LIMIT 1`;',
      'const d = `UPDATE kv SET value = ? WHERE key = ?`;',
      'const e = "SELECT json_extract(data, \'$.agentType\') FROM mystery_table";',
      "const f = 'SELECT id ' + 'FROM event_files WHERE name = ?';",
    ].join('\n');
    const hits = findSql(src);
    expect(hits.map((h) => [h.line, h.tables, h.unknown])).toEqual([
      [3, ['events'], []],
      [4, ['error_kb'], []],
      [5, ['kv'], []],
      [6, [], ['mystery_table']],
      [7, ['event_files'], []],
    ]);
  });

  it('a planted source string fails with file:line and the owner to use', () => {
    const planted = [
      "import type { DB } from '../db/db.js';",
      'export function lastError(db: DB, s: string) {',
      "  return db.prepare(`SELECT json_extract(data, '$.error') AS e FROM events WHERE session_id = ?`).get(s);",
      '}',
      "export const KB = 'SELECT id FROM error_kb WHERE error_normalized = ?';",
    ].join('\n');
    expect(fileViolations('src/hooks/planted.ts', planted)).toEqual([
      expect.stringMatching(
        /^src\/hooks\/planted\.ts:3: SQL on table events .* use src\/db\/events\/, its owner$/,
      ),
      expect.stringMatching(
        /^src\/hooks\/planted\.ts:5: SQL on table error_kb .* use src\/error-kb\/store\/, its owner$/,
      ),
    ]);
    // the owner itself may; SQL on another part's table may not, not even from an owner
    expect(fileViolations('src/db/events/errors.ts', planted)).toEqual([
      expect.stringMatching(/^src\/db\/events\/errors\.ts:5: SQL on table error_kb/),
    ]);
    expect(fileViolations('src/ui/x.ts', "const q = 'PRAGMA user_version';")).toEqual([
      expect.stringMatching(/^src\/ui\/x\.ts:1: SQL outside the owning modules/),
    ]);
    expect(fileViolations('src/db/db.ts', "const q = 'PRAGMA user_version';")).toEqual([]);
  });

  it('a deliberate violation planted in a copy of src/ is found (the guard can fail)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sg-sql-guard-'));
    try {
      cpSync(join(ROOT, 'src'), join(dir, 'src'), { recursive: true });
      expect(violations(dir)).toEqual([]);
      const file = join(dir, 'src/pre-tool-guide/handlers.ts');
      writeFileSync(
        file,
        readFileSync(file, 'utf8') +
          "\nexport const planted = (db: DB) => db.prepare(`SELECT 1 FROM events WHERE type = 'resolution' AND json_extract(data, '$.errorEventId') = ?`);\n",
      );
      const found = violations(dir);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(
        /^src\/pre-tool-guide\/handlers\.ts:\d+: SQL on table events .* use src\/db\/events\/, its owner$/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
