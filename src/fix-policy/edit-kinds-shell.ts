// Edit grammars of command files (edit-kinds.ts): a shell script's lines, a Makefile's recipes and
// targets, package.json's scripts are commands run later, so each changed line is judged as the
// command line it is, by the shell grammars (a line they would advise in every project), whole:
// one line, no continuation, heredoc or comment (free text). Scripts npm runs by itself (install
// hooks, `prepare`) run in every checkout unasked: none crosses.
import type { EditKind, ShellSafe } from './edit-lines.js';

/** One complete command line the shell grammars advise everywhere. */
export function commandLine(line: string, shellSafe: ShellSafe): boolean {
  return !/\\$|<<|(?:^|\s)#/.test(line) && shellSafe(line);
}

/** npm's lifecycle scripts: run by `npm install`, `npm publish`, `npm version`, not by name. */
const LIFECYCLE = new Set(
  (
    'preinstall install postinstall prepare preprepare postprepare prepublish prepublishOnly prepack ' +
    'postpack publish postpublish preuninstall uninstall postuninstall preversion version postversion ' +
    'dependencies'
  ).split(' '),
);

/** A package.json script run by name: `"name": "command"` with a command line of the grammars. */
export function npmScript(line: string, shellSafe: ShellSafe): boolean {
  const m = /^"([\w:.-]+)"\s*:\s*"((?:[^"\\]|\\")*)"\s*,?$/.exec(line);
  return (
    !!m &&
    !LIFECYCLE.has(m[1]!) &&
    /^[A-Za-z.]/.test(m[2]!) &&
    commandLine(m[2]!.replace(/\\"/g, '"'), shellSafe)
  );
}

export const SHELL_KINDS: EditKind[] = [
  { file: /\.(?:sh|bash|zsh)$/, line: (l, _removed, shellSafe) => commandLine(l, shellSafe) },
  {
    // a recipe line, or a target with its prerequisites (names of targets or files of the project)
    file: /(?:^|\/)(?:GNUmakefile|[Mm]akefile)$/,
    line: (l, _removed, shellSafe) =>
      /^(?:\.PHONY|[\w.-]+)\s*:(?:\s+[\w./-]+)*$/.test(l) ||
      (!/^[\w.-]+\s*[:?+!]?=/.test(l) && commandLine(l.replace(/^[@-]+/, ''), shellSafe)),
  },
];
