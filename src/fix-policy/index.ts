// The fix policy (docs/security.md): judges a learned fix's text on a real shell parser
// (tree-sitter-bash) and an allow-list, and stores the verdict with the fix. Never loaded by a hook
// (the parser is WebAssembly): hooks read the stored verdicts (error-kb/verdict.ts).
/** The policy with its parser loaded (about 25 ms the first time in a process). */
export { loadFixPolicy } from './evaluate.js';
/** Judges up to `limit` unjudged fixes (of one entry, with `kbId`) with a loaded policy; returns how many. */
export { judgeUnjudged } from './background-review.js';
/** Judges the unjudged fixes of one entry only (`kb add`: the fix just written, not the whole KB after a policy change, which the worker's review does); returns how many. */
export { reviewEntryFixes } from './background-review.js';
/** Judges up to `limit` unjudged fixes (loads the parser only when there is one); returns how many. */
export { reviewFixPolicy } from './background-review.js';
