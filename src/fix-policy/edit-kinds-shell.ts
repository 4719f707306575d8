// Edit grammars of command files (edit-kinds.ts): a shell script's lines, a Makefile's recipes and
// targets, package.json's scripts are commands run later, so each changed line is judged as the
// command line it is, by the shell grammars (a line they would advise in every project), whole:
// one line, no continuation, heredoc or comment (free text). Scripts npm runs by itself (install
// hooks, `prepare`) run in every checkout unasked: none crosses.
import type { EditKind, ShellSafe } from './edit-lines.js';
import { commonScript } from './script-names.js';

/** One complete command line the shell grammars advise everywhere. */
export function commandLine(line: string, shellSafe: ShellSafe): boolean {
  return !/\\$|<<|(?:^|\s)#/.test(line) && shellSafe(line);
}

/**
 * A command that changes the state of the shell the next lines of a script run in (the folder,
 * variables, options, traps, aliases): judged alone it is inert, in a script it changes what the
 * script's own lines do (`cd /` before an `rm -rf ./*`). Not in a script line or a Makefile recipe
 * (one shell with `.ONESHELL`).
 */
const CHANGES_SHELL =
  /(?:^|[;&|({]\s*)(?:cd|pushd|popd|export|unset|set|shopt|alias|unalias|umask|trap|source|\.|eval|exec|declare|typeset|readonly|local|ulimit|hash|enable|builtin|[A-Za-z_]\w*=\S*)(?=\s|$)/;

/** A line of a script whose shell lives on after it. */
const scriptLine = (line: string, shellSafe: ShellSafe) =>
  !CHANGES_SHELL.test(line) && commandLine(line, shellSafe);

/** npm's lifecycle scripts: run by `npm install`, `npm publish`, `npm version`, not by name (and pnpm's `pnpm:` hooks). */
const LIFECYCLE = new Set(
  (
    'preinstall install postinstall prepare preprepare postprepare prepublish prepublishOnly prepack ' +
    'postpack publish postpublish preuninstall uninstall postuninstall preversion version postversion ' +
    'dependencies preshrinkwrap shrinkwrap postshrinkwrap'
  ).split(' '),
);

/** A package.json script run by name: `"name": "command"` with a command line of the grammars. */
export function npmScript(line: string, shellSafe: ShellSafe): boolean {
  const m = /^"([\w:.-]+)"\s*:\s*"((?:[^"\\]|\\")*)"\s*,?$/.exec(line);
  return (
    !!m &&
    !LIFECYCLE.has(m[1]!) &&
    !m[1]!.startsWith('pnpm:') &&
    /^[A-Za-z.]/.test(m[2]!) &&
    commandLine(m[2]!.replace(/\\"/g, '"'), shellSafe)
  );
}

/**
 * `target: prerequisites`: each prerequisite a target every project may have (a common name) or a
 * file of the project (a path with a folder or an extension, not hidden); another name is a target
 * only the Makefile that proved the fix defines.
 */
function targetLine(l: string): boolean {
  const m = /^(\.PHONY|[\w-][\w.-]*)\s*:((?:\s+[\w./-]+)*)$/.exec(l);
  if (!m) return false;
  const prereqs = m[2]!.trim().split(/\s+/).filter(Boolean);
  if (m[1] === '.PHONY') return prereqs.every((p) => commonScript(p));
  return prereqs.every((p) =>
    !p.startsWith('.') ? /[/.]/.test(p) || commonScript(p) : /^\.\.?\//.test(p) && !p.includes('/.'),
  );
}

export const SHELL_KINDS: EditKind[] = [
  { file: /\.(?:sh|bash|zsh)$/, line: (l, _removed, shellSafe) => scriptLine(l, shellSafe) },
  {
    // a recipe line, or a target with its prerequisites (names of targets or files of the project);
    // no special target but .PHONY (`.ONESHELL`, `.IGNORE` change how every recipe runs)
    file: /(?:^|\/)(?:GNUmakefile|[Mm]akefile)$/,
    line: (l, _removed, shellSafe) =>
      targetLine(l) || (!/^[\w.-]+\s*[:?+!]?=/.test(l) && scriptLine(l.replace(/^[@-]+/, ''), shellSafe)),
  },
];
