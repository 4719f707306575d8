// Edit fixes for the fix policy's file-kind grammars (test/unit/fix-policy-edit-*.test.ts): a
// recorded Edit's text, and a table of edits that cross projects or stay in theirs.
import { describe, expect, it } from 'vitest';
import { judgeFix } from './fix-policy.js';

/** One edit: the file, its old side and its new side ('' for nothing). */
export type EditCase = [path: string, before: string, after: string];

/** A recorded Edit's fix text. */
export const editText = (path: string, before: string, after: string): string =>
  `Edit ${path}: ${before ? `\`${before}\`` : '(nothing)'} → ${after ? `\`${after}\`` : '(nothing)'}`;

/** The verdict class of an edit learned by the same file. */
export const editCls = (path: string, before: string, after: string): string =>
  judgeFix(editText(path, before, after), 'same-file').cls;

/** A table of edits judged `safe` (crosses) or not (kept). */
export function describeEdits(title: string, cases: EditCase[], crosses: boolean): void {
  describe(title, () => {
    it.each(cases)(`${crosses ? 'crosses' : 'kept'}: %s \`%s\` → \`%s\``, (path, before, after) => {
      if (crosses) expect(editCls(path, before, after)).toBe('safe');
      else expect(editCls(path, before, after)).not.toBe('safe');
    });
  });
}
