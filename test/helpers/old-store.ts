// A store as an earlier schema left it (for migration tests): the migrations up to `version` run
// on a new file, then `fill` writes rows as the code of that time would have.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIGRATIONS } from '../../src/db/schema.js';

export function oldStore(file: string, version: number, fill: (db: Database.Database) => void): void {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  for (const m of MIGRATIONS.slice(0, version)) db.exec(m);
  db.pragma(`user_version = ${version}`);
  fill(db);
  db.close();
}

/** A schema-8 entry with one proven fix (same-command) confirmed in `project`; its id. */
export function oldEntry(
  db: Database.Database,
  o: { key: string; raw: string | null; fix: string; project: string; ts: string },
): number {
  const id = Number(
    db
      .prepare(
        `INSERT INTO error_kb (ts, error_normalized, error_raw, resolution, resolved_by, use_count) VALUES (?, ?, ?, ?, 'Bash', 1)`,
      )
      .run(o.ts, o.key, o.raw, o.fix).lastInsertRowid,
  );
  const fixId = db
    .prepare(
      `INSERT INTO error_kb_fixes (kb_id, fix_key, resolution, resolved_by, proof, strength, first_ts, last_ts)
       VALUES (?, ?, ?, 'Bash', 'same-command', 2, ?, ?)`,
    )
    .run(id, o.fix, o.fix, o.ts, o.ts).lastInsertRowid;
  db.prepare(
    `INSERT INTO error_kb_fix_projects (fix_id, project_path, confirmations, last_ts) VALUES (?, ?, 1, ?)`,
  ).run(fixId, o.project, o.ts);
  return id;
}
