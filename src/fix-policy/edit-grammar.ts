// What the changed lines of an edit may be, by the kind of file edited. The meaning of a change to
// code or configuration cannot be judged (`DEBUG = False` → `True`, `check_origin: true` → `false`,
// a line commented out, a list emptied), so such an edit crosses projects only where the file has a
// grammar here:
// - source code and code configuration: only import statements (of known modules: edits.ts);
// - JSON: only the keys with a grammar (tsconfig/jsconfig compiler options with literal values,
//   global.json's roll-forward policy); any other JSON file is some program's configuration;
// - ignore lists: only added patterns (ignore more); a removed pattern or a negation (`!…`)
//   exposes files (a key, a .env) to git, an image or a package.
import { changedLines } from './edit-lines.js';
import type { RuleId } from './rules.js';

/**
 * Source code, shell scripts, the code a framework reads as its configuration (settings.py,
 * config/*.exs, *.rb), and what a program runs or serves: SQL (a migration runs), schemas, pages and
 * SVG (both carry scripts).
 */
export const CODE_EDIT =
  /\.(?:js|jsx|mjs|cjs|ts|tsx|mts|cts|vue|svelte|astro|py|pyi|go|rs|java|kt|kts|scala|groovy|rb|php|c|h|cc|cpp|cxx|hpp|hh|m|mm|swift|dart|ex|exs|erl|hrl|hs|ml|mli|lua|r|jl|cs|fs|vb|zig|nim|clj|cljs|elm|pl|pm|sh|bash|zsh|ps1|sql|graphql|gql|proto|html?|xhtml|svg)$/i;

/** Lists of names to ignore. */
export const IGNORE_LIST =
  /(?:^|\/)\.(?:git|docker|prettier|eslint|npm|stylelint|vscode|hg|cf|gcloud)ignore$/;

const JSON_FILE = /\.json5?$/i;

/** An import statement of Python or JavaScript (its module judged by unknownImports). */
export const IMPORT_LINE = {
  py: /^(?:from\s+[\w.]+\s+import\s+(?:\*|\(?\s*\w+(?:\s+as\s+\w+)?(?:\s*,\s*\w+(?:\s+as\s+\w+)?)*\s*,?\s*\)?)|import\s+[\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*)\s*;?$/,
  js: /^(?:import\s+(?:type\s+)?(?:[\w$]+\s*,?\s*)?(?:\*\s+as\s+[\w$]+|\{[\w$\s,]*\})?\s*(?:from\s+)?['"][^'"\s]+['"]|export\s+(?:\*(?:\s+as\s+[\w$]+)?|\{[\w$\s,]*\})\s+from\s+['"][^'"\s]+['"]|(?:const|let|var)\s+(?:[\w$]+|\{[\w$\s,:]*\})\s*=\s*require\(\s*['"][^'"\s]+['"]\s*\)(?:\.[\w$]+)?)\s*;?$/,
};

/** tsconfig/jsconfig compiler options whose values are literals (no paths: those may point anywhere). */
const TS_OPTIONS = new Set(
  (
    'target module moduleResolution lib jsx strict esModuleInterop allowSyntheticDefaultImports skipLibCheck ' +
    'resolveJsonModule isolatedModules noEmit declaration sourceMap experimentalDecorators emitDecoratorMetadata ' +
    'forceConsistentCasingInFileNames allowJs checkJs types noImplicitAny strictNullChecks noUnusedLocals ' +
    'noUnusedParameters downlevelIteration importHelpers allowImportingTsExtensions moduleDetection verbatimModuleSyntax ' +
    'useDefineForClassFields noFallthroughCasesInSwitch noImplicitReturns incremental composite experimentalSpecifierResolution ' +
    'useUnknownInCatchVariables exactOptionalPropertyTypes noUncheckedIndexedAccess allowUmdGlobalAccess preserveSymlinks'
  ).split(' '),
);
/** A literal JSON value: a boolean, a number, null, a plain word, a list of plain words. */
const LITERAL = /^(?:true|false|null|-?\d+(?:\.\d+)?|"[\w.-]*"|\[\s*(?:"[\w.-]*"\s*,?\s*)*\])$/;
const ROLL_FORWARD =
  /^"rollForward"\s*:\s*"(?:patch|feature|minor|major|latestPatch|latestFeature|latestMinor|latestMajor|disable)"\s*,?$/;

/** The JSON keys with a grammar, by file: a changed line is one `"key": literal` of them. */
function jsonLineOk(path: string, line: string): boolean {
  const base = path.split('/').pop() ?? '';
  if (/^[tj]sconfig(?:\.[\w-]+)*\.json$/.test(base)) {
    if (/^[[\]{}]+,?$/.test(line)) return true; // a list or an object opened or closed
    const m = /^"(\w+)"\s*:\s*(.+?)\s*,?$/.exec(line);
    return !!m && TS_OPTIONS.has(m[1]!) && LITERAL.test(m[2]!);
  }
  if (base === 'global.json') return ROLL_FORWARD.test(line);
  return false;
}

/**
 * Why an edit of this file with these sides stays in its project, or null when its changed lines
 * are of the file's grammar. `shown` is false when the edit's text is not recorded (a Write).
 */
export function editedLinesRule(path: string, before: string, after: string, shown: boolean): RuleId | null {
  const base = path.split('/').pop() ?? '';
  const { added, removed } = changedLines(before, after);
  const cut = /…$/.test(before) || /…$/.test(after);
  if (IGNORE_LIST.test(path) || IGNORE_LIST.test(`/${base}`))
    return !shown || cut || removed.length || added.some((l) => l.startsWith('!'))
      ? 'ignore-unignores'
      : null;
  if (JSON_FILE.test(base))
    return !shown || cut || ![...added, ...removed].every((l) => jsonLineOk(path, l)) ? 'json-key' : null;
  if (CODE_EDIT.test(base)) {
    const grammar = /\.pyi?$/i.test(base)
      ? IMPORT_LINE.py
      : /\.(?:[cm]?[jt]sx?|vue|svelte|astro)$/i.test(base)
        ? IMPORT_LINE.js
        : null;
    const changed = [...added, ...removed];
    return !shown || cut || !grammar || !changed.length || !changed.every((l) => grammar.test(l))
      ? 'edit-code'
      : null;
  }
  return null;
}

/** Why a `sed -i` of this file stays in its project (its substitutions are edits of no grammar), or null. */
export function sedEditRule(path: string): RuleId | null {
  const base = path.split('/').pop() ?? '';
  if (IGNORE_LIST.test(`/${base}`)) return 'ignore-unignores';
  if (JSON_FILE.test(base)) return 'json-key';
  return CODE_EDIT.test(base) ? 'edit-code' : null;
}

/**
 * Whether a relative path in the new text climbs out of the project: a `../` chain longer than
 * the edited file's depth (`path: "../../../.config"` in a file at the project's root).
 */
export function climbsOut(path: string, after: string): boolean {
  const depth = path.replace(/^\.\//, '').split('/').length - 1;
  for (const m of after.matchAll(/(?:^|[^\w.])((?:\.\.[\\/])+|(?:\.\.[\\/])*\.\.(?=["'\s)]|$))/g)) {
    const ups = (m[1]!.match(/\.\./g) ?? []).length;
    if (ups > depth) return true;
  }
  return false;
}
