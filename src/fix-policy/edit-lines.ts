// The lines an edit changed: the old and the new side of a recorded Edit, each split into trimmed
// lines (`(nothing)` is an empty side), and the lines one side has that the other does not.

const linesOf = (t: string): string[] =>
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
