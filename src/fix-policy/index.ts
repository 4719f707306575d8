// The fix policy (issue #22, docs/security.md): judges a learned fix's text on a real shell parser
// (tree-sitter-bash) and an allow-list, and stores the verdict with the fix. Never loaded by a hook
// (the parser is WebAssembly): hooks read the stored verdicts (error-kb/verdict.ts).
export { loadFixPolicy } from './evaluate.js';
export { judgeUnjudged, reviewEntryFixes, reviewFixPolicy } from './background-review.js';
