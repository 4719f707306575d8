// The names of shell programs that only look at things, owned here: error-kb/shell.ts (which
// segments are inspection, never a fix; fix-policy asks it too), shared-context/extract.ts (which
// commands are navigation, not commands run) and recording/subagent-outcome.ts (searches that
// found nothing) read these lists. Dependency-free: hooks load it.
// test/unit/guard-shell-words.test.ts fails on another list of these names under src/.

/** Programs that read, list or search files and folders: looking around the code. */
export const FILE_READERS: ReadonlySet<string> = new Set([
  'ls',
  'll',
  'cat',
  'head',
  'tail',
  'less',
  'more',
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'ag',
  'ack',
  'find',
  'fd',
  'tree',
  'wc',
  'pwd',
  'stat',
  'file',
  'which',
  'whereis',
  'du',
  'realpath',
  'readlink',
  'nl',
  'bat',
]);

/** Programs that change nothing (the file readers, and those that print, compare or compute). */
export const READ_ONLY_PROGRAMS: ReadonlySet<string> = new Set([
  ...FILE_READERS,
  'echo',
  'printf',
  'type',
  'df',
  'env',
  'printenv',
  'whoami',
  'id',
  'date',
  'uname',
  'hostname',
  'ps',
  'top',
  'history',
  'true',
  'false',
  'sleep',
  'diff',
  'cmp',
  'sort',
  'uniq',
  'cut',
  'awk', // not `awk -i inplace`: the callers check
  'jq',
  'xxd',
  'od',
  'hexdump',
  'dirname',
  'basename',
  'test',
  '[',
  'clear',
  'man',
  'tldr',
]);

/** Changing folders (bash and PowerShell): never what a command is about. */
export const CD_PROGRAMS: ReadonlySet<string> = new Set([
  'cd',
  'pushd',
  'popd',
  'chdir',
  'set-location',
  'sl',
  'push-location',
  'pop-location',
]);

/** Git subcommands that only look (see isReadOnlyGit for `config` and `branch`). */
export const GIT_READ_ONLY: ReadonlySet<string> = new Set([
  'status',
  'log',
  'diff',
  'show',
  'branch',
  'remote',
  'blame',
  'rev-parse',
  'describe',
  'ls-files',
  'shortlog',
  'reflog',
  'grep',
  'config',
]);

/** Package-manager subcommands that only look (`npm ls`, `pip show`, `cargo search`…). */
export const PKG_READ_ONLY: ReadonlySet<string> = new Set([
  'ls',
  'list',
  'view',
  'info',
  'show',
  'outdated',
  'why',
  'explain',
  'search',
  'help',
]);

/**
 * Searches and comparisons whose `Exit code 1` with no output only says "nothing found" or "they
 * differ" (recording/subagent-outcome.ts: such a last call is not a failed run).
 */
export const SEARCHES: readonly string[] = [
  'grep',
  'egrep',
  'rg',
  'ag',
  'ack',
  'find',
  'test',
  '[',
  'ls',
  'diff',
  'cmp',
];

/** docker / kubectl subcommands that only look. */
export const CONTAINER_READ_ONLY: ReadonlySet<string> = new Set([
  'ps',
  'images',
  'logs',
  'inspect',
  'get',
  'describe',
  'version',
  'info',
]);

/** Programs that only filter what is piped into them (`| tail -20`, `| grep FAIL`, `| Select-String x`). */
export const PIPE_FILTERS: ReadonlySet<string> = new Set([
  'tail',
  'head',
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'sed',
  'awk',
  'cut',
  'sort',
  'uniq',
  'wc',
  'tr',
  'column',
  'jq',
  'cat',
  'less',
  'more',
  'tee',
  'fold',
  'nl',
  'findstr',
  'select-string',
  'select-object',
  'out-string',
  'out-host',
  'format-table',
  'format-list',
  'measure-object',
]);

/**
 * `git …` that only looks, given its words from `git` on: a read-only subcommand (or none), but
 * not `git config key value` nor `git branch -d/-D/-m/-M`.
 */
export function isReadOnlyGit(words: string[]): boolean {
  const sub = words.slice(1).find((w) => !w.startsWith('-'));
  if (!sub) return true;
  if (sub === 'config')
    return !words.some((w) => !w.startsWith('-') && words.indexOf(w) > words.indexOf(sub) + 1);
  return GIT_READ_ONLY.has(sub) && !(sub === 'branch' && words.some((w) => /^-[dDmM]$/.test(w)));
}
