// Guard: comments in src/ say what and why. No comment cites an issue number (`#31`, `issue 12`):
// the reason belongs in the comment itself. Every repository path a comment names (`src/…`,
// `test/…`, `docs/…`, `bench/…`, `scripts/…`, or `./x.ts` / `../x/y.ts` next to the file) exists.
// Comments are found by TypeScript's own parser, so strings and regular expressions never count.
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';
import { readSources, type Sources } from '../helpers/import-graph.js';
import { ROOT } from '../helpers/env.js';

interface Comment {
  text: string;
  line: number;
}

/** Every comment of a module, once each, with the line it starts on. */
export function commentsOf(file: string, text: string): Comment[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const seen = new Map<number, Comment>();
  const add = (ranges: ts.CommentRange[] | undefined): void => {
    for (const r of ranges ?? [])
      if (!seen.has(r.pos))
        seen.set(r.pos, {
          text: text.slice(r.pos, r.end),
          line: sf.getLineAndCharacterOfPosition(r.pos).line + 1,
        });
  };
  const visit = (node: ts.Node): void => {
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    // getChildren includes the tokens (braces, commas), so a comment inside `{ }` is seen too
    for (const child of node.getChildren(sf)) visit(child);
  };
  add(ts.getLeadingCommentRanges(text, 0));
  visit(sf);
  return [...seen.values()].sort((a, b) => a.line - b.line);
}

/** `issue 12`, `issues #13.1`, `#31` — but not `rfcs#868` (another project's) or `#12` in backticks. */
const ISSUE = /\bissues?\s+#?\d+|(?<![\w&])#\d+\b/i;
/**
 * A repository path: under a top-level folder, or a module relative to this one (`./x.ts`,
 * `../x/y.js`). A path in double quotes is an example of someone else's (`"src/main.rs"`), not ours.
 */
const PATH = /(?<![\w.@~/-])(?:(?:src|test|docs|bench|scripts)\/[\w./-]*|\.\.?\/[\w./-]*\.[cm]?[jt]s\b)/g;

/** Whether a path a comment names is there: as written, as the .ts of a `.js` import, or with `.ts`. */
function pathExists(root: string, file: string, token: string): boolean {
  const p = token.replace(/[.,;:]+$/, '');
  const rel = p.startsWith('.') ? posix.normalize(posix.join(posix.dirname(file), p)) : p;
  const tries = [rel, rel.replace(/\.js$/, '.ts'), rel.replace(/\.cjs$/, '.cts'), `${rel}.ts`];
  return tries.some((c) => existsSync(join(root, c)));
}

/** `file:line: …` for each comment that cites an issue number or names a path that is not there. */
export function commentViolations(files: Sources, root: string = ROOT): string[] {
  const out: string[] = [];
  for (const [file, text] of files)
    for (const c of commentsOf(file, text)) {
      const prose = c.text.replace(/`[^`\n]*`/g, '``');
      const issue = ISSUE.exec(prose);
      if (issue) out.push(`${file}:${c.line}: cites "${issue[0]}" (say what and why instead)`);
      for (const m of c.text.replace(/"[^"\n]*"/g, '""').matchAll(PATH))
        if (!pathExists(root, file, m[0])) out.push(`${file}:${c.line}: names ${m[0]}, which does not exist`);
    }
  return out.sort();
}

describe('guard: comments in src/ say what and why, and name only paths that exist', () => {
  it('no comment in src/ cites an issue number or names a missing path', () => {
    expect(commentViolations(readSources(ROOT))).toEqual([]);
  });

  it('finds comments, not strings or regular expressions, and names file:line (the guard can fail)', () => {
    const files: Sources = new Map([
      [
        'src/common/x.ts',
        [
          "const a = 'see issue 12 and src/nowhere.ts';",
          'const r = /#3 src\\/gone.ts/;',
          '// fixed in #31',
          '/** see src/common/nothing-here.ts and ./redact.ts */',
          'export function f() {',
          '  return [a, r]; /* docs/missing.md */',
          '}',
          '// buildkit prints `#12 0.8`, npm/rfcs#868 is another project, "src/main.rs" an example;',
          '// ./CLAUDE.md is a project file; src/common/ and ../hook/runtime/deps.js are here',
        ].join('\n'),
      ],
    ]);
    expect(commentViolations(files)).toEqual([
      'src/common/x.ts:3: cites "#31" (say what and why instead)',
      'src/common/x.ts:4: names src/common/nothing-here.ts, which does not exist',
      'src/common/x.ts:6: names docs/missing.md, which does not exist',
    ]);
  });
});
