// Edit grammars of code and code configuration (edit-kinds.ts): C and C++ includes of the standard
// library's headers, TypeScript triple-slash references (a known package's types, a file of the
// project, a built-in lib), Python API renames (the same line with a removed name replaced by its
// successor), test environments and ignore patterns of Jest and Vitest, package.json's module type
// and its dependency ranges of known packages (edit-kinds-deps.ts), a bundler's stand-ins for
// Node's built-in modules turned off.
import type { EditKind } from './edit-lines.js';
import { knownNpm, npmDependency } from './edit-kinds-deps.js';
import { npmScript } from './edit-kinds-shell.js';

const words = (s: string) => new Set(s.split(/\s+/).filter(Boolean));

/** The C standard library's headers, C++'s (C++23) and C++'s `c`-prefixed C headers. */
const STD_HEADERS = words(`
  assert.h complex.h ctype.h errno.h fenv.h float.h inttypes.h iso646.h limits.h locale.h math.h
  setjmp.h signal.h stdalign.h stdarg.h stdatomic.h stdbit.h stdbool.h stdckdint.h stddef.h stdint.h
  stdio.h stdlib.h stdnoreturn.h string.h tgmath.h threads.h time.h uchar.h wchar.h wctype.h
  algorithm any array atomic barrier bit bitset charconv chrono codecvt compare complex concepts
  condition_variable coroutine deque exception execution expected filesystem flat_map flat_set format
  forward_list fstream functional future generator initializer_list iomanip ios iosfwd iostream
  istream iterator latch limits list locale map mdspan memory memory_resource mutex new numbers
  numeric optional ostream print queue random ranges ratio regex scoped_allocator semaphore set
  shared_mutex source_location span spanstream sstream stack stacktrace stdexcept stdfloat stop_token
  streambuf string string_view syncstream system_error thread tuple type_traits typeindex typeinfo
  unordered_map unordered_set utility valarray variant vector version
  cassert cctype cerrno cfenv cfloat cinttypes climits clocale cmath csetjmp csignal cstdarg cstddef
  cstdint cstdio cstdlib cstring ctime cuchar cwchar cwctype
`);

/** `/// <reference types|path|lib="…" />`: a known package's types, a TypeScript file of the project, a built-in lib. */
function tsReference(line: string): boolean {
  const m = /^\/\/\/\s*<reference\s+(types|path|lib)\s*=\s*(["'])([^"']+)\2\s*\/>$/.exec(line);
  if (!m) return false;
  const v = m[3]!;
  // a package's types, or a module of it (`vite/client`)
  if (m[1] === 'types')
    return knownNpm(
      v
        .split('/')
        .slice(0, v.startsWith('@') ? 2 : 1)
        .join('/'),
    );
  if (m[1] === 'lib') return /^(?:es\d{1,4}|esnext|dom|webworker|scripthost|decorators)(?:\.\w+)*$/i.test(v);
  // a relative path (how far it climbs is judged by edit-grammar.ts climbsOut)
  return /^(?:\.{1,2}\/)*[\w.-]+(?:\/[\w.-]+)*\.ts$/.test(v) && !v.includes('//');
}

const ABC =
  'Awaitable Coroutine AsyncIterable AsyncIterator AsyncGenerator Hashable Iterable Iterator Generator Reversible Sized Container Callable Collection Set MutableSet Mapping MutableMapping MappingView KeysView ItemsView ValuesView Sequence MutableSequence ByteString';

/** Python names removed from the language or from numpy, and their successors (same behaviour). */
const RENAMES: [RegExp, string][] = [
  [new RegExp(String.raw`\bcollections\.(${ABC.split(' ').join('|')})\b`, 'g'), 'collections.abc.$1'],
  [
    new RegExp(
      String.raw`^from\s+collections\s+import\s+(?=(?:(?:${ABC.split(' ').join('|')})\b\s*,?\s*)+$)`,
    ),
    'from collections.abc import ',
  ],
  [/\b(?:np|numpy)\.(float|int|bool|object|str|complex)\b(?!\.)/g, '$1'],
  [/\b(np|numpy)\.float_\b/g, '$1.float64'],
  [/\b(np|numpy)\.complex_\b/g, '$1.complex128'],
  [/\b(np|numpy)\.NaN\b/g, '$1.nan'],
  [/\b(np|numpy)\.(?:Inf|Infinity|infty)\b/g, '$1.inf'],
  [/\btime\.clock\(\)/g, 'time.perf_counter()'],
  [/\binspect\.getargspec\b/g, 'inspect.getfullargspec'],
  [/\bbase64\.(en|de)codestring\b/g, 'base64.$1codebytes'],
  [/\.iter(items|values|keys)\(\)/g, '.$1()'],
  [/\.assert(Not)?Equals\(/g, '.assert$1Equal('],
  [/\.assertRegexpMatches\(/g, '.assertRegex('],
  [/\b(logging|logger|log)\.warn\(/g, '$1.warning('],
];

const renamed = (line: string) => RENAMES.reduce((l, [re, to]) => l.replace(re, to), line);

/**
 * A Python edit whose lines are the old lines with removed names replaced by their successors
 * (`from collections import Mapping` → `from collections.abc import Mapping` too), an alias of a
 * successor under the removed name (`collections.Callable = collections.abc.Callable`), or the
 * import of `collections.abc` such lines need. At least one line is renamed or aliased: an edit of
 * imports only is no rename (edit-grammar.ts judges it, where the file is code and not configuration).
 */
function pythonChange(removed: string[], added: string[]): boolean {
  const abcImport = (l: string) => /^import\s+collections\.abc$/.test(l);
  const now = added.filter((l) => !abcImport(l));
  if (!now.length) return false;
  if (!removed.length)
    return now.every((l) => {
      const m = /^([\w.]+)\s*=\s*([\w.]+)$/.exec(l);
      return !!m && m[1] !== m[2] && renamed(m[1]!) === m[2];
    });
  return removed.length === now.length && removed.every((l, i) => l !== now[i] && renamed(l) === now[i]);
}

const ENVS =
  'node|jsdom|happy-dom|edge-runtime|jest-environment-jsdom|jest-environment-node|@happy-dom/jest-environment';

/** Jest's patterns of node_modules to transform after all (which packages Babel compiles). */
function ignorePatterns(value: string): boolean {
  const m = /^\[\s*((?:(["'])[^"']*\2\s*,?\s*)*)\]$/.exec(value);
  if (!m) return false;
  const items = [...m[1]!.matchAll(/(["'])([^"']*)\1/g)].map((x) => x[2]!);
  return items.every((p) => p.includes('node_modules') && /^[\w@/().|?!*+\\^$<>-]+$/.test(p));
}

/** One member of a test runner's configuration (quoted as in JSON or not), after an optional `"jest": {`. */
function testConfigMember(line: string, json: boolean): boolean {
  const m = /^(?:(["']?)jest\1\s*:\s*\{\s*)?(?:(["']?)([\w@./-]+)\2\s*:\s*(.+?))?\s*,?$/.exec(line);
  if (!m) return false;
  const [, , , key, value] = m;
  if (!key) return true;
  if (key === 'testEnvironment' || key === 'environment')
    return new RegExp(`^(["'])(?:${ENVS})\\1$`).test(value!);
  if (key === 'transformIgnorePatterns') return ignorePatterns(value!);
  if (!json) return false;
  return key === 'type' && /^"(?:module|commonjs)"$/.test(value!);
}

/** Node's built-in modules a browser bundle may be asked to stand in for. */
const NODE_BUILTINS =
  'fs|path|os|crypto|stream|buffer|util|assert|http|https|zlib|url|net|tls|dns|dgram|readline|module|vm|worker_threads|perf_hooks|constants|process|querystring|string_decoder|timers|tty|events';
const NO_STANDIN = String.raw`(["']?)(?:${NODE_BUILTINS})\1\s*:\s*(?:false|(["'])empty\2)`;
/**
 * webpack's stand-ins for built-in modules in a browser bundle (`resolve.fallback`, webpack 4's
 * `node`) set to none: the module resolves to nothing, no other module is named.
 */
const BUNDLER_FALLBACK = new RegExp(
  String.raw`^(?:config\.)?(?:resolve\.fallback|node)(?:\.(?:${NODE_BUILTINS})\s*=\s*false|\s*=\s*\{\s*(?:${NO_STANDIN}\s*,?\s*)+\})\s*;?$`,
);

export const CODE_KINDS: EditKind[] = [
  {
    file: /(?:^|\/)(?:next|webpack)\.config\.[cm]?[jt]s$/,
    line: (l) => BUNDLER_FALLBACK.test(l),
  },
  {
    file: /\.(?:c|h|cc|cpp|cxx|hpp|hh|hxx|m|mm)$/,
    line: (l) => {
      const m = /^#\s*include\s*<([\w./]+)>$/.exec(l);
      return !!m && STD_HEADERS.has(m[1]!);
    },
  },
  { file: /\.pyi?$/, change: pythonChange },
  {
    file: /(?:^|\/)(?:jest|vitest|vite)\.config\.[cm]?[jt]s$/,
    line: (l) => testConfigMember(l, false),
  },
  { file: /\.(?:ts|tsx|mts|cts)$/, line: tsReference },
  {
    file: /(?:^|\/)package\.json$/,
    line: (l, removed, shellSafe) =>
      testConfigMember(l, true) ||
      npmDependency(l, removed) ||
      npmScript(l, shellSafe) ||
      // a block of dependencies opened (its entries are lines of their own)
      /^"(?:(?:dev|peer|optional)?[dD]ependencies|resolutions|overrides)"\s*:\s*\{$/.test(l),
  },
];
