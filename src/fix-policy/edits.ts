// What an Edit or a Write may carry to another project, by allow-list: the kinds of files whose
// content is the program's own source, documents or data (not a tool's configuration, a lock file or
// a file some program loads by its name), and imports of modules that are known (the language's own,
// a widely used package, or the project's own by a relative path). Any other file or module keeps the
// fix in the project that proved it: an unknown kind of file is where persistence hides (a wrapper's
// download URL, a service loader, a lock file's hashes), an unknown module is code from elsewhere.
import { builtinModules } from 'node:module';
import { DEVICES } from './expand.js';
import { longList } from './data/long-lists.js';
import { PYPI_POPULAR } from './data/pypi-popular.js';
import { PYTHON_STDLIB } from './data/python-stdlib.js';
import { IGNORE_LIST } from './edit-grammar.js';

/** Source code, web pages and styles, documents and plain data: the kinds of files an edit may carry. */
const ORDINARY_EXT = new Set(
  (
    'js jsx mjs cjs ts tsx mts cts vue svelte astro py pyi go rs java kt scala groovy rb php c h cc cpp cxx ' +
    'hpp hh m mm swift dart ex exs erl hrl hs ml mli lua r jl cs fs vb zig nim clj cljs elm sql graphql gql ' +
    'proto html htm css scss sass less styl md mdx txt rst adoc csv tsv json svg sh bash zsh'
  ).split(' '),
);

/** Files of an ordinary kind that a package manager writes and verifies: a lock file's content is hashes and sources. */
const LOCK_FILE = /(?:^|[.-])(?:lock|shrinkwrap)\.json$/i;

/** pip's requirement and constraint files: each line is what `pip install` would take. */
export const REQUIREMENTS_FILE = /(?:^|\/)(?:requirements|constraints)[^/]*\.(?:txt|in)$/;

/** Whether an edit of this (project-relative) file is of a kind that may cross projects. */
export function ordinaryFileKind(path: string): boolean {
  if (REQUIREMENTS_FILE.test(path) || DEVICES.has(path)) return true;
  const base = path.split('/').pop() ?? '';
  // lists of names to ignore: their lines are judged by edit-grammar.ts
  if (IGNORE_LIST.test(`/${base}`)) return true;
  const ext = /\.([A-Za-z0-9]+)$/.exec(base)?.[1]?.toLowerCase();
  return !!ext && ORDINARY_EXT.has(ext) && !LOCK_FILE.test(base) && !path.includes('/META-INF/');
}

let known: { npm: Set<string>; py: Set<string> } | undefined;
function knownModules(): { npm: Set<string>; py: Set<string> } {
  const words = (s: string) => s.split(/\s+/).filter(Boolean);
  known ??= {
    npm: new Set([
      ...words(longList('npm-popular')),
      ...builtinModules,
      ...builtinModules.map((m) => `node:${m}`),
    ]),
    py: new Set([...words(PYPI_POPULAR), ...words(PYTHON_STDLIB)]),
  };
  return known;
}

type Eco = 'npm' | 'py';
const JS_FILE = /\.(?:js|jsx|mjs|cjs|ts|tsx|mts|cts|vue|svelte|astro)$/i;
const PY_FILE = /\.pyi?$/i;

/**
 * The modules a text imports, in the languages whose imports can load a package the project does
 * not declare: Python (`import a, b`, `from a import`) and JavaScript (`import … from 'a'`,
 * `require('a')`, `import('a')`). Elsewhere (Go, Rust, Java…) a new dependency needs a build-file
 * change, and that file is configuration (kept to its project).
 */
function importsOf(text: string, eco: Eco): { eco: Eco; name: string }[] {
  const out: { eco: Eco; name: string }[] = [];
  if (eco === 'py')
    for (const m of text.matchAll(
      /\bfrom\s+([\w.]+)\s+import\b|(?:^|[;:\s])import\s+([\w.]+(?:\s*,\s*[\w.]+)*)/g,
    )) {
      const names = (m[1] ?? m[2] ?? '').split(',').map((n) => n.trim());
      for (const n of names) if (n && !n.startsWith('.')) out.push({ eco, name: n.split('.')[0]! });
    }
  if (eco === 'npm')
    for (const m of text.matchAll(/\b(?:from|require\s*\(|import\s*\(?)\s*['"]([^'"]+)['"]/g)) {
      const spec = m[1]!;
      if (spec.startsWith('.') || spec.startsWith('/')) continue;
      const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
      out.push({ eco, name: name.toLowerCase() });
    }
  return out;
}

/** A file-system root (FHS, macOS, Windows) or the home folder: where an absolute path in written text points. */
const OUTSIDE_PATH =
  /(?:^|[\s"'=:([,])(?:~\/|\$HOME\b|\$\{HOME\}|[A-Za-z]:[\\/]|\/(?:etc|var|tmp|usr|opt|home|root|Users|Library|private|dev|proc|sys|srv|mnt|run|bin|sbin|lib|Applications|Volumes)\/)/;

/** Whether the new side of an edit names a path outside the project (a plugin, a script, a library loaded from there). */
export function namesOutsidePath(after: string): boolean {
  return OUTSIDE_PATH.test(after);
}

/**
 * The modules the new side of an edit imports that are not known: not the language's own, not a
 * widely used package, not already imported by the old side. Empty when every import is known.
 */
export function unknownImports(path: string, after: string, before: string): string[] {
  const eco: Eco | null = PY_FILE.test(path) ? 'py' : JS_FILE.test(path) ? 'npm' : null;
  if (!eco) return [];
  const k = knownModules();
  const had = new Set(importsOf(before, eco).map((i) => i.name));
  return importsOf(after, eco)
    .filter((i) => !had.has(i.name))
    .filter((i) =>
      i.eco === 'py'
        ? !k.py.has(i.name.toLowerCase().replace(/_/g, '-')) && !k.py.has(i.name)
        : !k.npm.has(i.name),
    )
    .map((i) => i.name);
}
