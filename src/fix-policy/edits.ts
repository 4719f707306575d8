// What an Edit or a Write may carry to another project, by allow-list: the kinds of files whose
// content is the program's own source, documents or data (not a tool's configuration, a lock file or
// a file some program loads by its name), and imports of modules that are known (the language's own,
// a widely used package, or the project's own by a relative path). Any other file or module keeps the
// fix in the project that proved it: an unknown kind of file is where persistence hides (a wrapper's
// download URL, a service loader, a lock file's hashes), an unknown module is code from elsewhere.
import { builtinModules } from 'node:module';
import { DEVICES } from './expand.js';
import { NPM_POPULAR } from './data/npm-popular.js';
import { PYPI_POPULAR } from './data/pypi-popular.js';
import { PYTHON_STDLIB } from './data/python-stdlib.js';

/** Source code, web pages and styles, documents and plain data: the kinds of files an edit may carry. */
const ORDINARY_EXT = new Set(
  (
    'js jsx mjs cjs ts tsx mts cts vue svelte astro py pyi go rs java kt scala groovy rb php c h cc cpp cxx ' +
    'hpp hh m mm swift dart ex exs erl hrl hs ml mli lua r jl cs fs vb zig nim clj cljs elm sql graphql gql ' +
    'proto html htm css scss sass less styl md mdx txt rst adoc csv tsv json svg sh bash zsh'
  ).split(' '),
);

/** Lists of names to ignore: data, whatever the tool. */
const IGNORE_LIST = /^\.(?:git|docker|prettier|eslint|npm|stylelint)ignore$/;

/** Files of an ordinary kind that a package manager writes and verifies: a lock file's content is hashes and sources. */
const LOCK_FILE = /(?:^|[.-])(?:lock|shrinkwrap)\.json$/i;

/** pip's requirement and constraint files: each line is what `pip install` would take. */
export const REQUIREMENTS_FILE = /(?:^|\/)(?:requirements|constraints)[^/]*\.(?:txt|in)$/;

/** Whether an edit of this (project-relative) file is of a kind that may cross projects. */
export function ordinaryFileKind(path: string): boolean {
  if (REQUIREMENTS_FILE.test(path) || DEVICES.has(path)) return true;
  const base = path.split('/').pop() ?? '';
  if (IGNORE_LIST.test(base)) return true;
  const ext = /\.([A-Za-z0-9]+)$/.exec(base)?.[1]?.toLowerCase();
  return !!ext && ORDINARY_EXT.has(ext) && !LOCK_FILE.test(base) && !path.includes('/META-INF/');
}

let known: { npm: Set<string>; py: Set<string> } | undefined;
function knownModules(): { npm: Set<string>; py: Set<string> } {
  const words = (s: string) => s.split(/\s+/).filter(Boolean);
  known ??= {
    npm: new Set([...words(NPM_POPULAR), ...builtinModules, ...builtinModules.map((m) => `node:${m}`)]),
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

/** Source code: what a change of may bring in new behaviour (not pages, styles, documents or data). */
const CODE_FILE =
  /\.(?:js|jsx|mjs|cjs|ts|tsx|mts|cts|vue|svelte|astro|py|pyi|go|rs|java|kt|scala|groovy|rb|php|c|h|cc|cpp|cxx|hpp|hh|m|mm|swift|dart|ex|exs|erl|hs|ml|lua|r|jl|cs|fs|zig|nim|clj|cljs|elm|sh|bash|zsh)$/i;

/** Words of the languages themselves (keywords, literals, common primitive types): not names a fix brings in. */
const KEYWORDS = new Set(
  (
    'const let var return if else elif for while in of not and or is null undefined nil none true false ' +
    'None True False await async new this self def function fn func pub import from as mut static final ' +
    'public private protected void int str string bool boolean float double number any unknown type ' +
    'interface readonly export default package use mod crate super struct enum impl try catch except ' +
    'finally raise throw throws with pass break continue yield lambda do end then fi'
  ).split(' '),
);

/** Identifiers of a line of code, string contents and the modules of import statements left out (judged by unknownImports). */
function codeNames(text: string): Set<string> {
  const code = text
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\bfrom\s+[\w.]+\s+import\b/g, 'import')
    .replace(/^\s*import\s+[\w.]+(?:\s*,\s*[\w.]+)*\s*$/g, '');
  return new Set((code.match(/[A-Za-z_]\w*/g) ?? []).filter((w) => !KEYWORDS.has(w)));
}

/**
 * The names an edit of source code brings in that its old side did not have: calls, variables,
 * types. Code has no grammar here, so a code edit crosses projects only when it changes values
 * (literals, operators, the order of what was there), never when it adds names.
 */
export function newCodeNames(path: string, after: string, before: string): string[] {
  if (!CODE_FILE.test(path)) return [];
  const had = codeNames(before);
  return [...codeNames(after)].filter((n) => !had.has(n));
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
