// The lists of well-known packages a package installed by name is looked up in (data/): a name on
// its ecosystem's list crosses projects, any other stays in the project that proved it (a typo-squat,
// a new name). Lists are read and made into sets only when a fix names a package.
import { longList } from './data/long-lists.js';
import {
  BREW_POPULAR,
  COMPOSER_POPULAR,
  CRATES_POPULAR,
  GEMS_POPULAR,
  GO_POPULAR,
  NUGET_POPULAR,
} from './data/other-popular.js';
import {
  CONDA_NATIVE,
  NIMBLE_POPULAR,
  OPAM_POPULAR,
  PUB_POPULAR,
  ROCKS_POPULAR,
} from './data/lang-popular.js';
import { PYPI_POPULAR } from './data/pypi-popular.js';
import { notRecognised } from './recognise.js';
import type { ScriptState } from './state.js';

export type Ecosystem =
  | 'npm'
  | 'pypi'
  | 'crate'
  | 'gem'
  | 'brew'
  | 'composer'
  | 'nuget'
  | 'opam'
  | 'rock'
  | 'nimble'
  | 'conda'
  | 'pub';
const LISTS: Record<Ecosystem, string | (() => string)> = {
  npm: () => longList('npm-popular'),
  // the hand-kept list and the most downloaded ones (scripts/gen-pypi-names.mjs)
  pypi: () => `${PYPI_POPULAR} ${longList('pypi-ranked')}`,
  conda: () => `${CONDA_NATIVE} ${PYPI_POPULAR} ${longList('pypi-ranked')}`.toLowerCase(),
  pub: PUB_POPULAR,
  crate: CRATES_POPULAR,
  gem: GEMS_POPULAR,
  brew: BREW_POPULAR,
  composer: COMPOSER_POPULAR,
  nuget: NUGET_POPULAR,
  opam: OPAM_POPULAR,
  rock: ROCKS_POPULAR,
  nimble: NIMBLE_POPULAR,
};

let goModules: string[] | null = null;

/** A Go module path: a widely used module or a package inside one. */
export function popularModule(st: ScriptState, path: string): boolean {
  goModules ??= GO_POPULAR.split(/\s+/).filter(Boolean);
  if (!goModules.some((m) => path === m || path.startsWith(`${m}/`))) notRecognised(st, 'Go module', path);
  return true;
}
const POPULAR = new Map<Ecosystem, Set<string>>();
const listText = (eco: Ecosystem): string => {
  const l = LISTS[eco];
  return typeof l === 'string' ? l : l();
};
let lookups = 0;

/**
 * Whether a list names a package: the first few lookups of a process search the text itself (the
 * npm list has 20,000 names: making a set of it costs more than a short command's whole judgement),
 * later ones a set made once.
 */
export function listed(eco: Ecosystem, name: string): boolean {
  const set = POPULAR.get(eco);
  if (set) return set.has(name);
  if (++lookups > 64) {
    POPULAR.set(eco, new Set(listText(eco).split(/\s+/).filter(Boolean)));
    return listed(eco, name);
  }
  if (!name || /\s/.test(name)) return false;
  const list = listText(eco);
  for (let at = list.indexOf(name); at >= 0; at = list.indexOf(name, at + 1))
    if (
      (at === 0 || /\s/.test(list[at - 1]!)) &&
      (at + name.length === list.length || /\s/.test(list[at + name.length]!))
    )
      return true;
  return false;
}

/**
 * A package installed by name: recognised as such; it crosses projects only when it is a known,
 * widely used package (data/), so that a typo-squat or a new name stays where it was proven.
 */
export function popular(st: ScriptState, eco: Ecosystem, name: string): boolean {
  if (!listed(eco, name)) notRecognised(st, `${eco} package`, name);
  return true;
}
