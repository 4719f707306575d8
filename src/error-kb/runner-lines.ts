// Who speaks each line of an output: the failing tool, or the runner around it.
//
// A tool rarely runs alone: a package manager starts it (`npm run build` → `tsc`), a shell traces
// it (`set -x`), a CI runner wraps the step, a logger stamps its lines. Each of these runners
// speaks in a fixed grammar of its own — a prefix that names it and a level (`npm warn …`,
// `[INFO] …`), a banner announcing the child (`> pkg@1.0.0 build` and the echoed command), a
// prompt or trace echo of the command line, a footer with the exit code or the time taken. These
// lines are never the tool's error: at most the runner's own error, and at error level only.
//
// So the rule is one, by grammar rather than by message: a line a runner speaks below its error
// level is frame, not content. Frame lines are left out of the error line's choice and the
// signature (normalize.ts outputLines); they are used only when an output has nothing else. The
// runner's error-level lines that merely report the child's failure (`npm error code 2`,
// `ELIFECYCLE`, `error Command failed with exit code 2.`) are the wrappers of normalize.ts.
//
// Why not "lines seen in successful runs of the same command"? The key must be a pure function
// of the text: the same output gives the same key on every machine, in the team store, and when a
// migration recomputes it from the stored raw error years later. Local history would make the key
// depend on what this machine happened to record before. The grammar of the runners is the same
// everywhere.

/** A runner's log line: its prefix, then its level. Levels other than `error` are frame. */
const LOG_GRAMMAR: RegExp[] = [
  // npm (6–11): `npm warn|WARN|notice|http|timing|info|verbose|silly|error|ERR! …`
  /^npm (silly|verb(?:ose)?|timing|http|info|notice|warn|WARN|error|ERR!)(?:\s|$)/,
  // pnpm: ` WARN  …` (its level word in capitals, two spaces after); yarn berry: `➤ YN0000: …` (info)
  /^(WARN|INFO) {2}\S/,
  /^➤ YN0000:/,
  // consola (nuxt, unbuild…): `ℹ Building …`, `✔ Done` (info); its errors are ` ERROR  …`
  /^[ℹ✔] \S/,
  // yarn classic and most loggers: `info …`, `warning …`, `[INFO] …`, `INFO: …`, `[warn] …`
  /^(info|warning|success|verbose|debug) (?=\S)/,
  /^\[(TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|trace|debug|info|notice|warn|warning)\](?:\s|$)/,
  // `WARNING: …`, `INFO [main] …` (a level word, then a colon or the logger's bracketed name; webpack's
  // own `WARNING in <asset>` report is the tool speaking, not a logger)
  /^(TRACE|DEBUG|INFO|NOTICE|WARN|WARNING)(?::\s|\s+\[)/,
];

/** A package manager announcing the script it runs: `> name@1.0.0 build [/path]` (npm, pnpm), `yarn run v1.22.19`. */
const BANNER =
  /^(?:> (?:@[\w.-]+\/)?[\w.-]*@\S* [\w:.-]+(?: \S+)?|yarn (?:run|install|add|remove|upgrade) v\d+\S*)$/;
/** After a banner, the command it runs, echoed: `> tsc -p .` (npm, pnpm), `$ tsc -p .` (yarn). */
const ECHO_AFTER_BANNER = /^[>$] \S/;

/** The runner repeating the command line: a shell prompt, a `set -x` trace, an Actions step header. */
const COMMAND_ECHO = [
  /^(?:[\w.-]+@[\w.-]+(?::\S*)?|bash-\d+(?:\.\d+)*|sh-\d+(?:\.\d+)*)[$#] \S/, // user@host:~/app$ …, bash-3.2$ …
  /^\$\s+\S/, // `$ npm ci` (a prompt shown in a report)
  // other prompts a report shows before the command line: root's `# `, zsh's `% `, `~# `, a venv's
  // `(py27) [host:/dir] $ ` (a program name and its arguments after; go's `# pkg` header has none)
  /^(?:\([\w.-]+\)\s+)?(?:\[[^\]]*\]\s?|~[\w/.-]*\s?)?[$#%]\s+[a-z][\w.-]*\s+\S/,
  /^\? .*\[[Yy]\/[Nn]\]$/, // an interactive question (`? Do you want to continue? [Y/n]`)
  /^PS [A-Za-z]:\\[^>]*> \S/, // PowerShell
  /^\++ \S/, // set -x
  /^(?:##\[group\])?Run \S.*$/, // GitHub Actions' step header (`Run npm ci`)
];

/** A runner announcing a step or showing progress: what it does, not what failed. */
const STEP = [
  /^(?:==>|--->|----->) /, // Homebrew, makepkg, buildpacks
  /^Attaching to /, // docker compose starting its services
  /^Progress: resolved /, // pnpm
  /^\d+%\s*\|/, // a percentage bar (tqdm)
  /^\[[#=>.\s-]{4,}\]/, // a bar in brackets
  /^[⠁-⣿]\s/, // a braille spinner
];

/** A runner's closing line: the exit code (CI, docker compose), the time taken (yarn, time(1)). */
const FOOTER = [
  /^\S+ exited with code \d+$/, // docker compose
  /^(?:Error: )?Process completed with exit code \d+\.?$/, // GitHub Actions
  /^##\[(?:group|endgroup|debug|command|section)\].*$/, // Actions' markers without text of the tool
  /^(?:✨\s*)?Done in \d+(?:\.\d+)?m?s\.?$/, // yarn
  /^(?:real|user|sys)\s+\d+m\d+(?:\.\d+)?s$/, // time(1)
];

/** Whether a runner speaks this line below its error level (context-free classes only). */
export function isRunnerLine(line: string): boolean {
  for (const g of LOG_GRAMMAR) {
    const m = g.exec(line);
    if (m) return !/^(?:error|ERR!)$/.test(m[1] ?? '');
  }
  return [COMMAND_ECHO, STEP, FOOTER].some((rs) => rs.some((r) => r.test(line))) || BANNER.test(line);
}

/**
 * For each line (trimmed, decorations stripped), whether it is frame: a runner speaking below its
 * error level, or the command a banner announced (the lines right after the banner). Blank lines
 * are not frame.
 */
export function frameLines(lines: readonly string[]): boolean[] {
  let afterBanner = false;
  return lines.map((l) => {
    if (BANNER.test(l)) {
      afterBanner = true;
      return true;
    }
    if (afterBanner && ECHO_AFTER_BANNER.test(l)) return true;
    afterBanner = false;
    return l !== '' && isRunnerLine(l);
  });
}
