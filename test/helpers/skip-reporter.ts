// A Vitest reporter (vitest.config.ts, beside the default one): at the end of the run, one line per
// reason a test file gave for skipping (test/helpers/skip-notes.ts), with the number of tests of
// those files that were skipped, so a missing Chromium or PostgreSQL is never a silent pass.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { SKIP_NOTES_VAR, type SkipNote } from './skip-notes.js';

/** "skipped N <what> tests: <reason>" for each reason, counting the skipped tests of the noted files. */
export function skipLines(notes: SkipNote[], modules: ReadonlyArray<TestModule>): string[] {
  const byReason = new Map<string, { what: string; reason: string; files: Set<string> }>();
  for (const n of notes) {
    const key = `${n.what}\0${n.reason}`;
    const g = byReason.get(key) ?? { what: n.what, reason: n.reason, files: new Set<string>() };
    g.files.add(n.file);
    byReason.set(key, g);
  }
  const lines: string[] = [];
  for (const g of byReason.values()) {
    let skipped = 0;
    for (const m of modules) {
      if (!g.files.has(m.moduleId)) continue;
      for (const t of m.children.allTests()) if (t.result().state === 'skipped') skipped++;
    }
    if (skipped > 0) lines.push(`skipped ${skipped} ${g.what} tests: ${g.reason}`);
  }
  return lines;
}

export default class SkipReporter implements Reporter {
  private dir = '';
  private file = '';

  onInit(): void {
    this.dir = mkdtempSync(join(tmpdir(), 'sg-skip-notes-'));
    this.file = join(this.dir, 'notes.jsonl');
    process.env[SKIP_NOTES_VAR] = this.file;
    process.once('exit', () => rmSync(this.dir, { recursive: true, force: true }));
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let notes: SkipNote[] = [];
    try {
      notes = readFileSync(this.file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as SkipNote);
    } catch {
      // no file skipped anything
    }
    writeFileSync(this.file, ''); // a watch mode's next run starts afresh
    for (const line of skipLines(notes, modules)) process.stdout.write(`${line}\n`);
  }
}
