// The error KB's public surface, for the other parts (hooks load it: nothing heavy here — the fix
// policy's parser is src/fix-policy, embeddings' generation runs in the worker).
// Keys and messages: how an error is keyed and shown.
/** The KB key of a raw tool error (never throws; a non-string gives empty fields). */
export { errorKey } from './error-key.js';
/** The message of a tool error worth normalising: drops Claude Code's `Exit code N` line and `<tool_use_error>` tags, log and CI decorations (outputLines); takes the exception line of a Python traceback, else the first of the program's own lines (not a stack frame, not a runner's wrapper) that starts like an error report, else the first that reads like an error, else the first. */
export { extractErrorMessage } from './normalize.js';
/** The error line of a stored raw error, as the key took it (errorKey: the tool's own error, not Claude Code's "Exit code N" nor a runner's warning or banner), or ''. */
export { firstErrorLine } from './messages.js';
/** A KB tool_sequence column (JSON array of tool names) as "A → B → C"; '' when absent or bad. */
export { formatToolSequence } from './messages.js';
/** The KB's user-facing texts in the configured language. */
export { messages } from './messages.js';
/** The KB's user-facing texts. */
export type { Messages } from './messages.js';
// Lookup and advice: what a hook may offer, with its provenance.
/** A hit: bumps an entry's use count and last use. */
export { bumpUse } from './search.js';
/** The matcher's judgement of an entry found by its key (pre-tool guide, SubagentStart): one key can hide two problems (`Cannot find module <STR>`: a package, or a path), so the same key is not enough. */
export { fits } from './search.js';
/** Searches the error KB. */
export { searchErrorKB } from './search.js';
/** An entry the KB search found, with how it matched. */
export type { KbMatch } from './search.js';
/** The fix that may be offered for KB entry `kbId` in this project, with its provenance; null when none may (stay silent). */
export { adviceFor } from './advice.js';
/** Where a fix comes from, in one short phrase (empty for fixes typed by the user). */
export { provenanceText } from './advice.js';
/** For listings that are not tied to one project (the analysis digest): the best candidate that is proven (not legacy) and that the fix policy judged safe, with the policy's text, or null. */
export { safeBestFix } from './advice.js';
/** A fix that may be offered, with its provenance. */
export type { Advice } from './advice.js';
/** The advice filter (error-kb/advice.ts) as every hook applies it: this project, the configured bar. */
export { hookAdvice } from './hook-advice.js';
/** Options for searchErrorKB inside a hook: this process's env, and a daemon embedder shared by the hook's searches that stops asking after the daemon once failed to answer (so several searches never wait several timeouts). */
export { hookSearchOptions } from './hook-advice.js';
/** Entries whose error names a file called `name` (full-text), with a resolution, best first. */
export { entriesNamingFile } from './db.js';
/** The exact tier: the entry of exactly this normalized error that has a resolution (indexed: error_normalized is unique). */
export { exactEntry } from './db.js';
// Learning: a recorded success that resolved an earlier error (the parts list hands it to the
// parts that record successes, as `deps.learn`).
/** The output of a piped command shows no sign of an error: without `set -o pipefail` the status is the filter's, so this is the only honest evidence that the filtered command succeeded. */
export { cleanOutput } from './resolution.js';
/** Tools whose input is a shell command line. */
export { COMMAND_TOOLS } from './resolution.js';
/** Called after a successful tool call was recorded as event `okEventId`. */
export { detectResolutions as learnFromSuccess } from './resolution.js';
// Fix verdicts: stored by the fix policy (src/fix-policy), read here.
/** Bump when the policy changes: older verdicts count as not reviewed until reviewed again. */
export { POLICY_VERSION } from './verdict.js';
/** The verdict stored with a fix. */
export { storedVerdict } from './verdict.js';
/** safe: may be offered (in this project, or elsewhere with the cross-project bar); project: it runs a program the policy does not know: offered only in a project that confirmed it; withheld: never shown; the user is pointed to `self-gen kb show N`. */
export type { PolicyClass } from './verdict.js';
/** The fix policy's verdict on a fix: its class and reason. */
export type { Verdict } from './verdict.js';
/** Stores the fix policy's verdict with a candidate (only if its text is still the one judged). */
export { setFixVerdict } from './db.js';
/** Candidate fixes the fix policy has not judged (or judged with an older version), oldest first; with `kbId`, only that entry's. */
export { unjudgedFixRows } from './db.js';
/** A segment that only looks at things (never a fix by itself). */
export { isInspectionSegment } from './shell.js';
// The team store's side of the KB: what is pushed, pulled and forgotten.
/** The candidates of an entry, best first. */
export { candidates } from './candidates.js';
/** A muted teammate: their confirmations go, with the candidates only they gave. */
export { dropMemberFixes } from './candidates.js';
/** A teammate forgot an error at `ts`: every teammate's confirmation of it up to then goes (this machine's own proofs stay), and older ones pulled later are skipped. */
export { forgetFromTeam } from './candidates.js';
/** The insert path of a pulled fix, inside the caller's transaction: the entry and the candidate are created when missing (the candidate with no local confirmation), a stronger proof is kept over a weaker one, and that the teammate confirms it in that project is set (one, whatever number the row carries; a second pull changes nothing). */
export { recordTeamFix } from './candidates.js';
/** A teammate no longer confirms a fix in a project (their tombstone): their count goes, and the candidate if nobody else has it. */
export { removeTeamFix } from './candidates.js';
/** The local project folders a fix was confirmed in, and the distinct folders of the KB. */
export { fixProjectPaths } from './db.js';
/** A forget reached the team store; its time becomes the store's. */
export { forgetPushed } from './db.js';
/** The proven fixes recorded on this machine (what the team store may push). */
export { localProvenFixes } from './db.js';
/** Records the team identities of local project folders. */
export { setTeamProjects } from './db.js';
/** Confirmations of fixes by the team, in all (`team status`). */
export { teamTotals } from './db.js';
/** Forgets made here and not pushed yet. */
export { unpushedForgets } from './db.js';
/** One line about a running embedding daemon (doctor, `self-gen daemon status`). */
export { daemonLine } from './checks.js';
/** Embeds every entry that has no vector. */
export { generateErrorEmbeddings } from './embeddings.js';
/** Entries without an embedding (loads sqlite-vec). */
export { pendingEmbeddings } from './embeddings.js';
/** Records (or refreshes) the resolution of a normalized error. */
export { recordResolution } from './record.js';
/** A search tier: exact, prefix, similar or vector. */
export type { KbTier } from './search-options.js';
/** Calibrates on the KB in `db` with `embedder`. */
export { calibrate } from './calibrate.js';
/** The matcher's calibration on this KB. */
export type { Calibration } from './calibrate.js';
/** A score distribution of the calibration. */
export type { Distribution } from './calibrate.js';
/** The cosine distance of two unit vectors at L2 distance `l2` (l2² / 2). */
export { cosineFromL2 } from './vector.js';
/** A resolution as one line of text, whichever form it was stored in. */
export { describeResolution } from './record.js';
/** A KB entry as stored. */
export type { KbEntry } from './search.js';
/** Why the entry's shown resolution (error_kb.resolution) is never advised, or null: what a listing prints instead of (withheld) or next to (legacy) its text. */
export { resolutionNeverAdvised } from './view.js';
/** The label a listing prints for a fix the fix policy withholds (its text is not printed). */
export { withheldLabel } from './view.js';
/** Why a candidate is never advised, whatever the project: null when it may be. */
export type { NeverAdvised } from './view.js';
/** Edits an entry; returns the updated entry, or null when it does not exist. */
export { editEntry } from './manage.js';
/** Entries holding any of the words (`kb find`): most words held first (db.ts selectEntriesByWords). */
export { findEntries } from './manage.js';
/** Most words an entry search takes (each is a LIKE over three columns). */
export { MAX_FIND_WORDS } from './search-options.js';
/** The KB entries, newest first, filtered and limited. */
export { listEntries } from './manage.js';
/** Counts of the KB: entries, fixes, embeddings, uses. */
export { kbStats } from './manage.js';
/** The entries to review: fixes the policy withholds first, then low-confidence ones. */
export { reviewEntries } from './weak-entries.js';
/** An entry to review, with why it is listed. */
export type { ReviewItem } from './weak-entries.js';
/** Deletes entries (and their embeddings), noted as forgotten for the team store; returns how many existed. */
export { removeEntries } from './manage.js';
/** The search tiers used by default (the hooks' tiers). */
export { DEFAULT_TIERS } from './search.js';
/** The search tiers used for seeded entries. */
export { SEED_TIERS } from './search.js';
/** The configured search mode (config.json kbSearch.mode). */
export { searchMode } from './search.js';
/** What a search did (`kb search --explain`, benchmarks). */
export type { SearchTrace } from './search.js';
/** One entry (`kb show N`), or null. */
export { kbEntryView } from './view.js';
/** A candidate fix of an entry, as shown. */
export type { KbCandidateView } from './view.js';
/** The text shown for a fix the fix policy has not judged yet. */
export { NOT_REVIEWED } from './verdict.js';
/** One KB entry by id, or null. */
export { getEntry } from './manage.js';
/** Entries whose advice was actually shown (error_kb_lookups, counted by the advice filter when a hook gives advice; not use_count, which recording bumps): did the same error come back afterwards? */
export { adviceOutcomes } from './view.js';
/** How many KB entries had their advice shown at least once, and how often in all (error_kb_lookups). */
export { adviceSummary } from './view.js';
/** Entries (newest first, or a substring search), each with its provenance. */
export { kbView } from './view.js';
/** The KB's counts. */
export type { KbStats } from './manage.js';
/** What became of an advice: shown, withheld, why. */
export type { AdviceOutcome } from './view.js';
