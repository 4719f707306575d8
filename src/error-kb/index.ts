// The error KB's public surface, for the other parts (hooks load it: nothing heavy here — the fix
// policy's parser is src/fix-policy, embeddings' generation runs in the worker).
// Keys and messages: how an error is keyed and shown.
export { errorKey } from './error-key.js';
export { extractErrorMessage } from './normalize.js';
export { firstErrorLine, formatToolSequence, messages, type Messages } from './messages.js';
// Lookup and advice: what a hook may offer, with its provenance.
export { bumpUse, fits, searchErrorKB, type KbMatch } from './search.js';
export { adviceFor, provenanceText, safeBestFix, type Advice } from './advice.js';
export { hookAdvice, hookSearchOptions } from './hook-advice.js';
export { entriesNamingFile, exactEntry } from './db.js';
// Learning: a recorded success that resolved an earlier error (the parts list hands it to the
// parts that record successes, as `deps.learn`).
export { cleanOutput, COMMAND_TOOLS, detectResolutions as learnFromSuccess } from './resolution.js';
// Fix verdicts: stored by the fix policy (src/fix-policy), read here.
export { POLICY_VERSION, storedVerdict, type PolicyClass, type Verdict } from './verdict.js';
export { setFixVerdict, unjudgedFixRows } from './db.js';
export { isInspectionSegment } from './shell.js';
// The team store's side of the KB: what is pushed, pulled and forgotten.
export { candidates, dropMemberFixes, forgetFromTeam, recordTeamFix, removeTeamFix } from './candidates.js';
export {
  fixProjectPaths,
  forgetPushed,
  localProvenFixes,
  setTeamProjects,
  teamTotals,
  unpushedForgets,
} from './db.js';
