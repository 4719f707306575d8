// Paths as the shell will see them: a word is expanded the way the shell expands it (braces, tilde,
// globs, variables) before it is judged, and anything that could reach outside the project is
// outside. Then where inside the project it points: a plain file, or a file that configures tools or
// runs code (hidden files, git's own folder, package-manager rc files, `.pth`, CI files…), which a
// fix may write only in the project that proved it.
import type { Word } from './commands.js';

/** Where a path points, after the shell's expansions. */
export type PathClass = 'inside' | 'config' | 'outside';

/** Devices a command may write to: the terminal and nowhere. */
export const DEVICES = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);
const MAX_EXPANSIONS = 64;
/** Stand-ins for literal braces while expanding (characters no command text holds). */
const OPEN = '\u{F0001}';
const CLOSE = '\u{F0002}';

/** Brace expansion (`a{b,c}d`, `{1..3}`) as bash does it; null when too large or unbalanced. */
export function expandBraces(text: string): string[] | null {
  const out: string[] = [];
  const todo = [text];
  while (todo.length) {
    const t = todo.pop()!;
    const m = findBrace(t);
    if (!m) {
      out.push(t);
      if (out.length > MAX_EXPANSIONS) return null;
      continue;
    }
    const [a, b] = m;
    const inner = t.slice(a + 1, b);
    const parts = splitTop(inner);
    const range = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.-?\d+)?$/.exec(inner);
    // a range's items are plain numbers or letters: any such item is a plain path part
    const items = parts.length > 1 ? parts : range ? ['0'] : null;
    if (!items) {
      // `{x}` with no comma is literal: keep the braces and go on after them
      const lit = t
        .slice(0, b + 1)
        .replace(/\{/g, '\u0001')
        .replace(/\}/g, '\u0002');
      todo.push(lit + t.slice(b + 1));
      continue;
    }
    for (const p of items) todo.push(t.slice(0, a) + p + t.slice(b + 1));
    if (todo.length > MAX_EXPANSIONS) return null;
  }
  return out.map((s) => s.split(OPEN).join('{').split(CLOSE).join('}'));
}

/** The first `{…}` pair at top level (not escaped). */
function findBrace(t: string): [number, number] | null {
  const a = t.indexOf('{');
  if (a < 0) return null;
  let depth = 0;
  for (let i = a; i < t.length; i++) {
    if (t[i] === '{') depth++;
    else if (t[i] === '}' && --depth === 0) return [a, i];
  }
  return null;
}

function splitTop(inner: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const c of inner) {
    if (c === '{') depth++;
    if (c === '}') depth--;
    if (c === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += c;
  }
  parts.push(cur);
  return parts;
}

/** Data files a fix may write anywhere in a project although they are hidden. */
const DATA_DOTFILES = new Set([
  '.gitignore',
  '.dockerignore',
  '.prettierignore',
  '.eslintignore',
  '.npmignore',
  '.nvmrc',
  '.node-version',
  '.python-version',
  '.ruby-version',
  '.env',
  '.env.local',
  '.env.development',
  '.env.test',
  '.keep',
  '.gitkeep',
]);

/**
 * Files that are not hidden but that tools run or load as configuration: written by a fix only in
 * the project that proved it. Hidden files are covered by their being hidden (every hidden name
 * not on DATA_DOTFILES, at any depth: `.git/`, `.claude/`, `.vscode/`, `.github/`, `.husky/`,
 * `.npmrc`, `.envrc`…).
 */
const RUNS_CODE_FILE =
  /(?:^|\/)(?:CLAUDE\.md|CLAUDE\.local\.md|AGENTS\.md|GEMINI\.md|copilot-instructions\.md|[^/]*\.mdc|[^/]*\.pth|sitecustomize\.py|usercustomize\.py|conftest\.py|setup\.py|pyproject\.toml|setup\.cfg|tox\.ini|noxfile\.py|Makefile|GNUmakefile|makefile|CMakeLists\.txt|[^/]*\.cmake|package\.json|build\.gradle(?:\.kts)?|settings\.gradle(?:\.kts)?|gradle\.properties|gradlew|mvnw|pom\.xml|Cargo\.toml|build\.rs|go\.mod|Gemfile|Rakefile|composer\.json|Dockerfile|docker-compose\.ya?ml|compose\.ya?ml|Justfile|justfile|Taskfile\.ya?ml|[^/]*\.gemspec|Podfile|pubspec\.yaml|conanfile\.(?:txt|py)|vcpkg(?:-configuration)?\.json|[^/]*\.csproj|Directory\.Build\.(?:props|targets)|nuget\.config|deno\.jsonc?|bunfig\.toml|pnpm-workspace\.yaml|lefthook\.ya?ml|[^/]*\.service|[^/]*\.desktop|[^/]*\.plist|[^/]*\.(?:config|conf)\.(?:js|cjs|mjs|ts|cts|mts)|vite\.config\.[a-z]+|jest\.config\.[a-z]+|vitest\.config\.[a-z]+|webpack\.config\.[a-z]+|babel\.config\.[a-z]+|eslint\.config\.[a-z]+|gulpfile\.[a-z]+|Gruntfile\.[a-z]+)$/;

/** Lock files of every package manager: the releases (and their hashes) the project proved. */
export const LOCK_FILES =
  /(?:^|\/)(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|deno\.lock|Cargo\.lock|Gemfile\.lock|composer\.lock|poetry\.lock|Pipfile\.lock|uv\.lock|pdm\.lock|mix\.lock|Package\.resolved|pubspec\.lock|go\.sum|packages\.lock\.json|flake\.lock|gradle\.lockfile|Podfile\.lock|Cartfile\.resolved|rebar\.lock|stack\.yaml\.lock|cabal\.project\.freeze|conan\.lock|vcpkg-lock\.json)$/;

/** Classifies one expanded, static path text. */
function classifyText(t: string): PathClass {
  if (DEVICES.has(t)) return 'inside';
  // `@file`: many compilers and runners read more arguments from that file (javac, java, gcc, tsc,
  // MSBuild): the file it names is what is judged
  if (t.startsWith('@') && t.length > 1) return classifyText(t.slice(1));
  // `NAME=value`: many programs read such a word as a setting whose value may be a path (runsettings,
  // MSBuild, make): the word points where its value does
  const setting = /^[A-Za-z_][\w.]*=(.*)$/s.exec(t);
  if (setting) return setting[1] ? classifyText(setting[1]) : 'inside';
  // the project itself with extras (`pip install -e ".[dev]"`)
  if (/^\.\[[\w,.-]+\]$/.test(t)) return 'inside';
  if (!t || /^[~/\\]|^-|^[A-Za-z]:|^[A-Za-z][\w+.-]*:/.test(t) || t.includes('\\') || t.includes('$'))
    return 'outside';
  // a path is plain printable ASCII: other letters may hide a name or carry words (an allow-list)
  if (/[^\x21-\x7e]/.test(t)) return 'outside';
  let depth = 0;
  let config = false;
  const parts = t.split('/');
  for (const [k, part] of parts.entries()) {
    if (part === '..') depth--;
    else if (part && part !== '.') depth++;
    if (depth < 0) return 'outside';
    // a glob that may match `..` (`.*`, `.?`, `[.]…`) can climb out
    if (/[*?[]/.test(part) && /^[.[]|^\*\*$/.test(part) && !(part === '**' && k < parts.length - 1))
      return 'outside';
    if (part.startsWith('.') && part !== '.' && part !== '..' && !DATA_DOTFILES.has(part)) config = true;
  }
  // a glob may match a file that runs code too: only plain names are plain files
  // a lock file is the package manager's to write: its releases, sources and hashes
  return config || RUNS_CODE_FILE.test(t) || LOCK_FILES.test(t) || /[*?[]/.test(t) ? 'config' : 'inside';
}

/**
 * Where a word points once the shell expanded it: every brace alternative must be inside the
 * project; a computed word (a variable, a substitution) is outside.
 */
export function pathClass(w: Word): PathClass {
  if (w.dynamic) return 'outside';
  const alts = expandBraces(w.text);
  if (!alts) return 'outside';
  let worst: PathClass = 'inside';
  for (const a of alts) {
    const c = classifyText(a);
    if (c === 'outside') return 'outside';
    if (c === 'config') worst = 'config';
  }
  return worst;
}

/** A path that may be read (or operated on without writing): inside the project, hidden or not. */
export const readable = (w: Word) => pathClass(w) !== 'outside';
/** A path a fix may write in any project: inside, and no file that runs code or configures a tool. */
export const writable = (w: Word) => pathClass(w) === 'inside';
