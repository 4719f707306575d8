// The plugin part's public surface: what other parts and the hosts may use.
/** Where the plugin's native dependencies live. */
export { nativePaths } from './state.js';
/** The native dependencies a plugin build pins (its package.json's nativeDependencies). */
export { pluginPins } from './state.js';
/** The plugin's native-dependency status. */
export { readStatus } from './state.js';
/** The command that runs the install by hand (the user's shell). */
export { retryCommand } from './state.js';
/** Whether two sets of pinned versions are the same. */
export { samePins } from './state.js';
/** The state of the plugin's native dependencies. */
export type { NativeStatus } from './state.js';
/** Writes the plugin's launcher script. */
export { writeLauncher } from './launcher.js';
/** The fix policy's review of the fixes a replay learned: the worker's `fix-policy` job (what the detached worker of a recorded session runs), here awaited, so the install is called ready only once they are judged (until then a learned fix is withheld). */
export { judgeReplayed } from './spool.js';
/** Runs every kept event through the usual hook (`node <pluginRoot>/dist/hook-core.cjs <Event>`), oldest first, then removes it. */
export { replaySpool } from './spool.js';
/** Keeps one hook input (a JSON text); false when it was not kept (full, too large, not JSON). */
export { writeSpool } from './spool.js';
/** Install paths of our plugin (any marketplace, any scope), from Claude Code's own record. */
export { installedPlugin } from './checks.js';
/** The doctor checks of the plugin install. */
export { pluginChecks } from './checks.js';
/** The plugin's name in Claude Code. */
export { PLUGIN_NAME } from './checks.js';
