// Operand kinds of the long-tail ecosystems' grammars: packages by name from Hackage, Ansible
// Galaxy and .NET tools (known names only), a conda channel that is the ecosystem's own, make's known variables on
// its command line, and a build tool's source folder given from a folder the fix went down into
// (`cd build && cmake ..`), a flag's boolean value, the name a new Go module takes, a dependency the
// project already declares (updated within its own constraints), a Gradle task by its project path
// and a property of the project's build, a word passed on to the project's own script or program.
import type { Word } from './commands.js';
import { DOTNET_TOOLS, GALAXY_POPULAR, HACKAGE_POPULAR } from './data/tail-popular.js';
import { pathClass, readable } from './expand.js';
import { notRecognised, type GateCtx } from './recognise.js';
import type { ScriptState } from './state.js';
import { picksOneRelease } from './versions.js';

export const TAIL_KINDS = [
  'hackage',
  'galaxy',
  'dntool',
  'resolver',
  'channel',
  'makearg',
  'srcdir',
  'bool',
  'newmod',
  'declared',
  'gtask',
  'gprop',
  'scriptarg',
] as const;
export type TailKind = (typeof TAIL_KINDS)[number];

const LISTS = new Map<string, Set<string>>();

/**
 * Whether a name is on a registry's list of well-known packages: compared in lower case, or as
 * written (`exact`) for a registry whose names differ by case alone (Julia's General).
 */
export function knownName(list: string, name: string, exact = false): boolean {
  const key = exact ? `=${list}` : list;
  let set = LISTS.get(key);
  if (!set) LISTS.set(key, (set = new Set((exact ? list : list.toLowerCase()).split(/\s+/).filter(Boolean))));
  return set.has(exact ? name : name.toLowerCase());
}

/** A package by name: recognised; off the list it stays in the project, like a chosen release. */
function byName(
  st: ScriptState,
  registry: string,
  list: string,
  name: string,
  version?: string,
  exact = false,
): boolean {
  if (!knownName(list, name, exact)) notRecognised(st, `${registry} package`, name);
  if (version !== undefined && picksOneRelease(version))
    notRecognised(st, 'exact version', `${name}:${version}`);
  return true;
}

/**
 * make's own command-line variables that only choose how verbose or how optimised the project's
 * build is; any other variable may name a program or flags the Makefile runs (CC, SHELL, LDFLAGS).
 */
const MAKE_VAR =
  /^(?:V|VERBOSE|Q|DEBUG|NDEBUG|RELEASE|COVERAGE|BUILD_TYPE|BUILDTYPE|CMAKE_BUILD_TYPE|(?:ENABLE|BUILD|USE|WITH|NO)_[A-Z0-9_]+)=[\w.,+@-]*$/;
/** A make target: a plain name (`all`, `test`, `build/app.o`). */
const TARGET = /^[A-Za-z0-9_][\w./+:@,-]*$/;

/** Judges one word of a long-tail kind; false when not recognised. */
export function tailValueOk(ctx: GateCtx, kind: TailKind, w: Word): boolean {
  const t = w.text;
  switch (kind) {
    case 'hackage':
      // a package name, no version (`pkg-1.2`) or source
      return (
        /^[A-Za-z][\w-]*$/.test(t) &&
        !/-\d[\d.]*$/.test(t) &&
        byName(ctx.st, 'hackage', HACKAGE_POPULAR, t, undefined, true)
      );
    case 'galaxy': {
      // namespace.name, with an optional version constraint after `:`
      const m = /^([a-z0-9_]+\.[a-z0-9_-]+)(?::([\w.<>=!*,]+))?$/i.exec(t);
      return !!m && byName(ctx.st, 'galaxy', GALAXY_POPULAR, m[1]!, m[2]);
    }
    case 'dntool':
      // a .NET tool's package id, no version
      return /^[A-Za-z][\w.-]*$/.test(t) && byName(ctx.st, 'dotnet tool', DOTNET_TOOLS, t);
    case 'resolver':
      // a Stack snapshot: a line (`lts`, `lts-22`, `nightly`) crosses; one snapshot (`lts-22.3`,
      // `nightly-2024-01-02`) or a compiler release fixes every package's release
      if (!/^(?:lts|nightly)(?:-[\d.-]+)?$|^ghc-[\d.]+$/.test(t)) return false;
      if (!/^(?:lts|nightly)(?:-\d+)?$/.test(t) || t.startsWith('nightly-'))
        notRecognised(ctx.st, 'exact version', t);
      return true;
    case 'channel':
      // the community's channel and the distribution's own: any other channel is another registry
      return t === 'conda-forge' || t === 'defaults';
    case 'makearg':
      return MAKE_VAR.test(t) || (TARGET.test(t) && !t.includes('..') && !t.includes('='));
    case 'srcdir':
      return sourceDir(ctx.st, w);
    case 'bool':
      return t === 'true' || t === 'false';
    case 'newmod':
      // the path `go mod init` writes into a new go.mod: a name, nothing is fetched (no version, no
      // `..`, no scheme)
      return /^[a-z0-9][\w.~-]*(?:\/[\w.~-]+)*$/i.test(t) && !/(?:^|\/)\.{1,2}(?:\/|$)/.test(t);
    case 'declared':
      // a package the project's manifest and lock already hold (`bundle update x`, `composer update
      // vendor/x`): the tool refuses one they do not, so nothing new is fetched; a name only, no
      // release, source or wildcard
      return /^[A-Za-z0-9][\w.-]*(?:\/[A-Za-z0-9][\w.-]*)?$/.test(t) && !t.includes('..');
    case 'scriptarg':
      // a word passed on to the project's package script (`arg`), never one that answers a prompt
      // or forces past a check (`--yes`, `--force`)
      return (
        plainArg(w) &&
        !/^-(?:y|f|-yes|-force|-assume-yes|-no-verify|-unsafe[\w-]*|-insecure[\w-]*)(?:=|$)/i.test(t)
      );
    case 'gprop':
      // a property of the project's own build (`-PjavaVersion=17`): a plain name, no plugin's or
      // Gradle's dotted namespace (`android.injected.signing.store.file`), a plain value, no path
      return /^[A-Za-z][A-Za-z0-9_]*(?:=[\w.,+-]*)?$/.test(t);
    case 'gtask':
      // a task of the project's build by its project path (`:app:assembleDebug`): the build runs
      // the project's own code, as a task named alone does
      return /^:?[A-Za-z0-9_][\w.-]*(?::[A-Za-z0-9_][\w.-]*)*$/.test(t) && !t.includes('..');
    default:
      return false;
  }
}

/** A source folder inside the project, or `..` up to the folder a `cd` went down from. */
function sourceDir(st: ScriptState, w: Word): boolean {
  const ups = /^(?:\.\.\/?)+$/.test(w.text) ? w.text.split('/').filter(Boolean).length : 0;
  if (ups) return ups <= st.below;
  return readable(w);
}

/** A word passed to the project's own script or program: a plain word, number, path or option. */
export function plainArg(w: Word): boolean {
  if (w.dynamic || /:\/\//.test(w.text)) return false;
  // `--name=value`, or `Name.Key=value` (a setting passed on, as `dotnet test -- RunConfiguration.X=…`)
  const m = /^(--?[A-Za-z][\w-]*|[A-Za-z][\w.]*(?==))(?:=(.*))?$/s.exec(w.text);
  const v = m ? m[2] : w.text;
  if (v === undefined) return true;
  // how many workers run at once: bounded as a job count is (1 to 64, or a share of the cores)
  if (m && /workers|jobs|threads|concurrency|parallel|procs|cpus/i.test(m[1]!))
    return /^(?:[1-9]\d?|100|[1-9]\d?%|100%)$/.test(v) && (v.endsWith('%') || Number(v) <= 64);
  return /^[\w.,:@+%-]*$/.test(v) || pathClass({ text: v, dynamic: false }) !== 'outside';
}
