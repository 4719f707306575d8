// One door per part: every import from outside a part (another part, a host in bin/, the shared
// layers) goes through the part's index.ts, and every name a door exports has a doc comment.
// The checker is scripts/doors.mjs (`npm run gen:doors` rewrites bypassing imports); here it runs
// on src/, on a planted bypass (so it is shown to fail), and its fix is run twice on a copy (the
// second run changes nothing).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/env.js';
// @ts-expect-error: a plain .mjs script (no types)
import * as doors from '../../scripts/doors.mjs';

type Sources = Map<string, string>;
const d = doors as {
  readSources(root?: string): Sources;
  doorViolations(files: Sources): string[];
  undocumented(files: Sources): string[];
  partsIn(root?: string): string[];
  surface(files: Sources): string[];
  fix(root?: string): Promise<{ changed: string[]; left: string[] }>;
};

const planted = (extra: Record<string, string>): Sources => {
  const files = d.readSources(ROOT);
  for (const [f, text] of Object.entries(extra)) files.set(f, (files.get(f) ?? '') + text);
  return files;
};

describe('guard: every import into a part goes through its door (src/<part>/index.ts)', () => {
  it('src/ has no import that bypasses a door, and every part has a door', () => {
    const files = d.readSources(ROOT);
    expect(d.doorViolations(files)).toEqual([]);
    for (const part of d.partsIn(ROOT)) expect(files.has(`src/${part}/index.ts`), part).toBe(true);
  });

  it('every name a door exports has a one-line doc comment of its own', () => {
    expect(d.undocumented(d.readSources(ROOT))).toEqual([]);
  });

  it('a bypassing static, re-export and dynamic import are each found and named file:line', () => {
    const files = planted({
      'src/cli/commands/kb/list.run.ts': "\nimport { exactEntry } from '../../../error-kb/db.js';\n",
      'src/ui/api.ts': "\nexport { listSuggestions } from '../analysis/suggestions.js';\n",
      'src/bin/worker.ts': "\nexport const late = () => import('../team/sync.js');\n",
    });
    const v = d.doorViolations(files);
    const at = (f: string) => files.get(f)!.split('\n').length - 1;
    expect(v).toEqual([
      `src/bin/worker.ts:${at('src/bin/worker.ts')}: import() of src/team/sync.ts (use src/team/index.ts)`,
      `src/cli/commands/kb/list.run.ts:${at('src/cli/commands/kb/list.run.ts')}: imports src/error-kb/db.ts (use src/error-kb/index.ts)`,
      `src/ui/api.ts:${at('src/ui/api.ts')}: imports src/analysis/suggestions.ts (use src/analysis/index.ts)`,
    ]);
  });

  it('imports inside a part, and through a door, are not reported', () => {
    const files = planted({
      'src/error-kb/search.ts': "\nimport { exactEntry as e2 } from './db.js';\n",
      'src/cli/commands/kb/list.run.ts': "\nimport { exactEntry as e3 } from '../../../error-kb/index.js';\n",
    });
    expect(d.doorViolations(files)).toEqual([]);
  });

  it('--surface lists each part with its names and their doc comments', () => {
    const out = d.surface(d.readSources(ROOT));
    expect(out.some((l) => /^error-kb \(src\/error-kb\/index\.ts\): \d+ names$/.test(l))).toBe(true);
    expect(out.some((l) => /^ {2}searchErrorKB — \S/.test(l))).toBe(true);
  });

  it('--fix rewrites a bypassing import to the door, adds the documented re-export, and a second run changes nothing', async () => {
    const root = mkdtempSync(join(tmpdir(), 'sg-doors-'));
    try {
      cpSync(join(ROOT, 'src'), join(root, 'src'), { recursive: true });
      cpSync(join(ROOT, '.prettierrc.json'), join(root, '.prettierrc.json'));
      const file = join(root, 'src/ui/api.ts');
      writeFileSync(
        file,
        `${readFileSync(file, 'utf8')}\nexport { plainWords as kbWords } from '../error-kb/matcher.js';\n`,
      );
      const first = await d.fix(root);
      expect(first.left).toEqual([]);
      expect(first.changed.sort()).toEqual(['src/error-kb/index.ts', 'src/ui/api.ts']);
      expect(readFileSync(file, 'utf8')).toContain(
        "export { plainWords as kbWords } from '../error-kb/index.js';",
      );
      expect(readFileSync(join(root, 'src/error-kb/index.ts'), 'utf8')).toMatch(
        /\/\*\* [^\n]+ \*\/\nexport \{ plainWords \} from '\.\/matcher\.js';\n$/,
      );
      expect(d.doorViolations(d.readSources(root))).toEqual([]);
      expect(await d.fix(root)).toEqual({ changed: [], left: [] });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});
