// What every installer's judge shares: package specs by ecosystem, the refusal of anything but a
// name from the registry (URL, git ref, file, folder outside), of another registry, and the shape
// of one install command.
import type { Word } from './commands.js';
import { inside, withhold, type JudgeWords, type Recurse, type ScriptState } from './state.js';

export const NPM_NAME = /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9_][\w.-]*(?:@[\w.^~<>=*|+ -]+)?$/i;
export const PY_NAME =
  /^[A-Za-z0-9][\w.-]*(?:\[[\w,. -]+\])?(?:\s*(?:[<>=!~]=?|===)\s*[\w.*+!-]+(?:\s*,\s*(?:[<>=!~]=?)\s*[\w.*+!-]+)*)?$/;
export const PLAIN_NAME = /^[A-Za-z0-9][\w.+-]*(?:[@:=][\w.^~<>=*+-]+)?$/;
export const GO_MODULE = /^[a-z0-9.-]+\.[a-z]{2,}(?:\/[\w.~-]+)*(?:@[\w.+-]+)?$|^[\w.-]+(?:@[\w.+-]+)?$/i;
export const COMPOSER_NAME = /^[a-z0-9][\w.-]*\/[a-z0-9][\w.-]*(?::[\w.^~<>=*|@ -]+)?$/i;
export const BREW_NAME = /^(?:[a-z0-9][\w.-]*\/){0,2}[a-z0-9][\w.@+-]*$/i;
export const REMOTE =
  /:\/\/|^git[+@:]|^(?:github|gitlab|bitbucket|gist|file|link|portal|patch|exec|http|https):|\.(?:tgz|tar\.gz|tar|zip|whl|deb|rpm|gem|crate|nupkg|jar)$/i;

/** The package operands of an install; undefined when they are all names from the registry. */
export function badSpecs(st: ScriptState, specs: Word[], ok: RegExp, local = true): void {
  for (const s of specs) {
    if (s.dynamic) return withhold(st, 'installs a package whose name is computed at run time');
    if (REMOTE.test(s.text))
      return withhold(st, 'installs from a URL, a git ref or a file instead of the registry by name');
    if (local && /^\.{0,2}\//.test(s.text)) {
      if (!inside(st, s)) return withhold(st, 'installs from a folder outside the project');
      continue;
    }
    if (s.text === '.' && local) continue;
    if (!ok.test(s.text))
      return withhold(st, 'installs from a URL, a git ref or a file instead of the registry by name');
  }
}

export const REGISTRY_FLAG =
  /^--(?:registry|reg|index-url|extra-index-url|find-links|trusted-host|index|default-index|source|repository|git|branch|tag|rev|url|channel-alias|insecure|allow-insecure|no-check-certificate|allow-unauthenticated|nogpgcheck|no-gpg-checks|allow-untrusted|dangerous)(?:=|$)|^--@[\w.-]+:registry|^-[if]$|^--extra-index$/;

export function registryFlags(st: ScriptState, args: Word[], shortFlags = true): void {
  if (args.some((a) => REGISTRY_FLAG.test(a.text) && (shortFlags || a.text.startsWith('--'))))
    withhold(st, 'installs from another registry, a URL or a git ref');
}

/** One install command as an installer family's judge sees it. */
export interface Install {
  st: ScriptState;
  prog: string;
  args: Word[];
  /** The first operand (the subcommand), or ''. */
  sub: string;
  /** The words after the subcommand. */
  after: () => Word[];
  recurse: Recurse;
  judge: JudgeWords;
}

/** A command a package manager runs (`uv run …`): judged here by the deny rules; the grammar gate judges it whole, through the manager's grammar. */
export const PLAIN_IO = { piped: false, inline: false, noGate: true };
export const NOT_BY_NAME = 'installs from a URL, a git ref or a file instead of the registry by name';
export const PUBLISHES = 'publishes, or changes registry accounts or tokens';
