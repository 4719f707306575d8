// The lines an edit changed: the old and the new side of a recorded Edit, each split into trimmed
// lines (`(nothing)` is an empty side), and the lines one side has that the other does not; the
// shape of a file kind's grammar over them (edit-kinds.ts).

/** The trimmed, non-blank lines of one side of an edit (`(nothing)`: none). */
export const linesOf = (t: string): string[] =>
  t === '(nothing)'
    ? []
    : t
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);

/** The lines one side has that the other does not: what the edit changed. */
export function changedLines(before: string, after: string): { added: string[]; removed: string[] } {
  const b = linesOf(before);
  const a = linesOf(after);
  return { added: a.filter((l) => !b.includes(l)), removed: b.filter((l) => !a.includes(l)) };
}

/** One file kind's grammar: its files, and whether the changed lines are of it. */
export interface EditKind {
  /** The files of this kind (a project-relative path). */
  file: RegExp;
  /** Whether one changed line is of the grammar (`removed`: on the old side). */
  line?: (line: string, removed: boolean, shellSafe: ShellSafe) => boolean;
  /** Whether the whole change is of the grammar (run after `line` accepted every line). */
  change?: (removed: string[], added: string[], shellSafe: ShellSafe) => boolean;
}

/**
 * Whether a command line, run later from a file (a script, a recipe, a RUN step), is one the policy
 * advises in every project (judged by the shell grammars; running the project's own code is its job).
 */
export type ShellSafe = (command: string) => boolean;
