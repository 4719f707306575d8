// Edit grammars of dependency declarations (edit-kinds.ts): a manifest line that names a known
// package (data/) by a range is what the package manager's own command would add (`npm install
// pkg@^2`, `pip install 'pkg>=1'`, `bundle add pkg`), and crosses projects as that command does; a
// release (versions.ts), an unknown name, a source (a Git URL, a path) or another option is none.
// So are the requirement lines of setup.cfg, tox.ini and conda environment files. Also the pytest
// settings that only choose among the runner's own modes.
import { COMPOSER_POPULAR, GEMS_POPULAR } from './data/other-popular.js';
import { longList } from './data/long-lists.js';
import { PYPI_POPULAR } from './data/pypi-popular.js';
import type { EditKind } from './edit-lines.js';
import { versionConstraint } from './versions.js';

const words = (s: string) => new Set(s.split(/\s+/).filter(Boolean));
const lists: { npm?: Set<string>; pypi?: Set<string>; gem?: Set<string>; composer?: Set<string> } = {};

/** Whether an npm package is on the known list (or its types are). */
export function knownNpm(name: string): boolean {
  lists.npm ??= words(longList('npm-popular'));
  const types = `@types/${name.replace(/^@([^/]+)\//, '$1__')}`;
  return lists.npm.has(name) || lists.npm.has(types);
}

function knownPypi(name: string): boolean {
  lists.pypi ??= words(PYPI_POPULAR);
  return lists.pypi.has(name) || lists.pypi.has(name.toLowerCase().replace(/[_.]/g, '-'));
}

/**
 * A constraint on the new side: a range (by its operator or a wildcard, so that a bare number of
 * some other key is none), and no caret or tilde under 0.1 (`^0.0.8` admits one release).
 */
function newRange(c: string): boolean {
  return (
    versionConstraint(c) === 'range' &&
    /^(?:[\^~]|~>|~=|>=?|!=)\s*\d|(?:^|\.)[x*]$|^latest$/.test(c) &&
    !/(?:^|\s)[\^~]\s*0\.0\b/.test(c)
  );
}

/** Toolchains: under `engines` their key is no dependency but the toolchain's version (pins.ts). */
const TOOLCHAINS = words('node npm yarn pnpm bun deno corepack vscode');

/** A package.json dependency on a known package by a range (the old side: any constraint). */
export function npmDependency(line: string, removed: boolean): boolean {
  const m = /^"(@?[\w.-]+(?:\/[\w.-]+)?)"\s*:\s*"([^"]+)"\s*,?$/.exec(line);
  if (!m || TOOLCHAINS.has(m[1]!) || !knownNpm(m[1]!)) return false;
  return removed ? !!versionConstraint(m[2]!) : newRange(m[2]!);
}

/** A PEP 508 requirement of a known package with no marker or URL: `name[extra]>=1,<2`. */
function requirement(text: string, removed: boolean, bare: boolean): boolean {
  const m = /^([A-Za-z0-9][\w.-]*)(?:\[[\w,\s-]+\])?\s*(.*)$/.exec(text.trim());
  if (!m || !knownPypi(m[1]!)) return false;
  if (!m[2]) return bare;
  return removed ? !!versionConstraint(m[2]) : newRange(m[2]);
}

/**
 * pyproject.toml: the build system's or the project's requirements (a list of them on one line, or
 * one item of it with a constraint), the Python versions it supports, pytest's table and asyncio mode.
 */
function pyprojectLine(line: string, removed: boolean): boolean {
  const list = /^(?:requires|dependencies)\s*=\s*\[((?:\s*"[^"]*"\s*,?)*)\s*\]$/.exec(line);
  if (list) return [...list[1]!.matchAll(/"([^"]*)"/g)].every((i) => requirement(i[1]!, removed, true));
  const item = /^"([^"]+)"\s*,?$/.exec(line);
  if (item) return requirement(item[1]!, removed, false);
  const py = /^requires-python\s*=\s*"([^"]+)"$/.exec(line);
  if (py) return removed ? !!versionConstraint(py[1]!) : newRange(py[1]!);
  return /^\[tool\.pytest\.ini_options\]$|^asyncio_mode\s*=\s*"(?:auto|strict)"$/.test(line);
}

/** A Gemfile's `gem 'name'` of a known gem, with range constraints only (no source, path or option). */
function gemLine(line: string, removed: boolean): boolean {
  const m = /^gem\s+(["'])([\w.-]+)\1((?:\s*,\s*(["'])[^"']+\4)*)\s*$/.exec(line);
  lists.gem ??= words(GEMS_POPULAR);
  if (!m || !lists.gem.has(m[2]!)) return false;
  const cs = [...m[3]!.matchAll(/(["'])([^"']+)\1/g)].map((c) => c[2]!);
  return cs.every((c) => (removed ? !!versionConstraint(c) : newRange(c)));
}

/** composer.json: PHP itself or a known package by a range (the old side: any constraint). */
function composerLine(line: string, removed: boolean): boolean {
  const m = /^"(php|[\w.-]+\/[\w.-]+)"\s*:\s*"([^"]+)"\s*,?$/.exec(line);
  lists.composer ??= words(COMPOSER_POPULAR);
  if (!m || (m[1] !== 'php' && !lists.composer.has(m[1]!))) return false;
  return removed ? !!versionConstraint(m[2]!) : newRange(m[2]!);
}

export const DEP_KINDS: EditKind[] = [
  { file: /(?:^|\/)composer\.json$/, line: composerLine },
  { file: /(?:^|\/)pyproject\.toml$/, line: pyprojectLine },
  { file: /(?:^|\/)Gemfile$/, line: gemLine },
  // a requirement line of setup.cfg's lists, of tox's deps (with a constraint: a bare name there may
  // be a command), of a conda environment's or CI's requirements file (`- name>=1`)
  { file: /(?:^|\/)setup\.cfg$/, line: (l, removed) => requirement(l, removed, true) },
  { file: /(?:^|\/)tox\.ini$/, line: (l, removed) => requirement(l, removed, false) },
  {
    file: /(?:^|\/)(?:environment|requirements)[\w.-]*\.ya?ml$/,
    line: (l, removed) => /^-\s+\S/.test(l) && requirement(l.replace(/^-\s+/, ''), removed, true),
  },
  {
    file: /(?:^|\/)pytest\.ini$/,
    line: (l) => /^\[pytest\]$|^asyncio_mode\s*=\s*(?:auto|strict)$/.test(l),
  },
];
