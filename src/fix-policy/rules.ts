// The fix policy's rule table: every reason a fix is withheld, or kept to the project that proved
// it, is one row here (id, class, effect, what, why, test). The judges name a rule by its `why`
// text (typed: a text not in this table does not compile); the verdict stores the rule's id;
// `docs/fix-policy-rules.md` is rendered from this table (scripts/gen-policy-rules.mjs) and
// `kb show` cites the id. The default is to refuse: a fix crosses projects only when the grammar
// gate (grammar.ts, grammars/) recognises every word, so deny rows are the known-dangerous cases
// withheld even in the project that proved them; they shrink as the grammars grow.

import type { RuleDef } from './rule-def.js';
import { DENY_ROWS, row } from './rules-deny.js';

const T_GRAMMAR = 'test/unit/fix-policy-grammar.test.ts';
const T_EXAMPLES = 'test/unit/fix-policy-examples.test.ts';

export const RULES = [
  // ---- the default: allow by grammar ----
  {
    id: 'grammar',
    class: 'allow-list',
    effect: 'project',
    what: 'a program, subcommand, option or operand that no grammar recognises; a package name off the known names; an exact release of a package',
    why: 'has words the policy does not recognise',
    test: T_GRAMMAR,
  },
  {
    id: 'env-allow-list',
    class: 'environment',
    effect: 'project',
    what: 'an environment variable that is not on the allow-list (NAME=value before a command, export)',
    why: 'sets an environment variable the policy does not know',
    test: T_GRAMMAR,
  },
  {
    id: 'config-write',
    class: 'persistence',
    effect: 'project',
    what: 'a write (shell, Edit, Write) into a file that runs code or configures a tool: hidden files (.git/, .claude/, .vscode/, .npmrc, .envrc…), .pth, Makefile, package.json…; an Edit of a file kind with a grammar (edit-kinds.ts: a base image variant, a known API version, a dependency range of a known package…) crosses when every changed line is of it',
    why: 'writes a file that runs code or configures a tool',
    test: T_EXAMPLES,
  },
  {
    id: 'runs-written',
    class: 'obfuscation',
    effect: 'project',
    what: 'a fix that writes a file and runs code in the same fix (it may run what it wrote)',
    why: 'writes a file and runs code in the same fix',
    test: T_EXAMPLES,
  },
  {
    id: 'edit-file-kind',
    class: 'persistence',
    effect: 'project',
    what: "an Edit/Write of a file that is not source code, a page, a style, a document or plain data (by its extension: lock files, properties, YAML/TOML/INI/XML configuration, files without an extension, service loaders…), unless every changed line is of the file kind's grammar (edit-kinds.ts)",
    why: 'edits a kind of file that is not source, document or data',
    test: T_EXAMPLES,
  },
  {
    id: 'edit-imports',
    class: 'code-running edits',
    effect: 'project',
    what: "an edit of Python or JavaScript code that imports a module that is not the language's own, not a widely used package and not already imported there",
    why: 'the edit imports a module that is not known',
    test: T_EXAMPLES,
  },
  {
    id: 'edit-outside-path',
    class: 'code-running edits',
    effect: 'project',
    what: 'an edit whose new text names a path outside the project (a file-system root, the home folder): a plugin, a script or a library loaded from there',
    why: 'the edit names a path outside the project',
    test: T_EXAMPLES,
  },
  {
    id: 'edit-code',
    class: 'code-running edits',
    effect: 'project',
    what: "an Edit/Write or `sed -i` of source code or of the code a framework reads as configuration (settings.py, config/*.exs, *.rb, *.php) whose changed lines are not only import statements of known Python or JavaScript modules, nor lines of the file kind's grammar (edit-kinds.ts: standard C/C++ headers, TypeScript references, Python API renames, test runner settings): the meaning of a changed value (a flag, a level, a list, a line commented out) cannot be judged",
    why: 'the edit changes code, not only its imports',
    test: T_EXAMPLES,
  },
  {
    id: 'json-key',
    class: 'persistence',
    effect: 'project',
    what: 'an Edit/Write or `sed -i` of a JSON file other than a line of a key with a grammar: tsconfig/jsconfig compiler options with literal values, global.json `rollForward`; any other JSON file configures some program',
    why: 'the edit changes a JSON key the policy has no grammar for',
    test: T_EXAMPLES,
  },
  {
    id: 'ignore-unignores',
    class: 'credentials',
    effect: 'project',
    what: 'an edit of an ignore list (.gitignore, .dockerignore, .npmignore…) that removes a pattern or adds a negation (`!…`), or a Write or `sed -i` of one: only added patterns cross',
    why: 'the edit stops ignoring files',
    test: T_EXAMPLES,
  },
  {
    id: 'lock-reset',
    class: 'package sources',
    effect: 'project',
    what: 'a lock file deleted (package-lock.json, yarn.lock, Cargo.lock, mix.lock, Package.resolved…) or every dependency unlocked (`mix deps.unlock --all`): every release is chosen again, outside what the project proved',
    why: 'deletes a lock file or unlocks every dependency',
    test: T_EXAMPLES,
  },
  {
    id: 'names-agent',
    class: 'prompt injection',
    effect: 'project',
    what: 'a fix whose words name an AI agent (claude, ai, agent, assistant, llm…), also inside a file or branch name where `_ - . /` join them',
    why: 'the fix names an AI agent',
    test: T_EXAMPLES,
  },
  {
    id: 'edit-runs-code',
    class: 'code-running edits',
    effect: 'project',
    what: 'an edit whose new text runs programs, loads code or reaches the network',
    why: 'the edit adds code that runs programs, loads code or reaches the network',
    test: T_EXAMPLES,
  },
  {
    id: 'user-text',
    class: 'allow-list',
    effect: 'project',
    what: 'a fix typed by the user in prose: offered in the project where it was typed',
    why: 'typed by the user in prose',
    test: T_GRAMMAR,
  },
  // ---- the text itself ----
  row(
    'text-model',
    'instructions',
    'text addressed to the model or the user',
    'the text addresses the model or the user',
  ),
  row(
    'text-hidden',
    'obfuscation',
    'control, bidi or zero-width characters',
    'the text carries hidden or control characters',
  ),
  row('secret', 'credentials', 'a secret in the fix text', 'carries a secret'),
  row('too-long', 'allow-list', 'a fix longer than can be shown whole', 'too long to offer verbatim'),
  row('cut', 'allow-list', 'a command recorded cut short', 'the command was cut short when it was recorded'),
  row(
    'unparsed',
    'allow-list',
    'text that does not parse as shell',
    'the text does not parse as a shell command',
  ),
  row('nested', 'obfuscation', 'shell code nested more than 4 levels', 'shell code nested too deeply'),
  row(
    'form',
    'allow-list',
    'fix text not in a form resolution detection writes',
    'the fix text is not in a form the policy recognises',
  ),
  row('function', 'obfuscation', 'a shell function definition', 'it defines a shell function'),
  row('judge-failed', 'allow-list', 'the policy threw on the text', 'the policy could not judge it'),
  // ---- running code that is not the project's ----
  row(
    'fetch-run',
    'download-and-run',
    'something downloaded and something run in one fix',
    'runs downloaded content',
  ),
  row('url-code', 'download-and-run', 'code loaded from a URL', 'runs code from a URL'),
  row(
    'inline-code',
    'arbitrary code',
    'code given inline to an interpreter or tool (-c, -e, --eval)',
    'runs code given inline',
  ),
  row(
    'inline-code-flag',
    'arbitrary code',
    'an interpreter run with -c / -e (but for the package management of Julia and R that src/fix-policy/inline-code.ts recognises)',
    'runs code given inline (-c, -e)',
  ),
  row(
    'inline-shell',
    'arbitrary code',
    'shell code given inline to a package runner',
    'runs shell code given inline',
  ),
  row(
    'piped-shell',
    'download-and-run',
    'a shell reading its script from a pipe or inline text',
    'runs piped or inline text as a shell script',
  ),
  row(
    'piped-code',
    'download-and-run',
    'an interpreter reading code from a pipe or inline text',
    'runs piped or inline code in an interpreter',
  ),
  row(
    'computed-shell',
    'obfuscation',
    'shell code computed at run time',
    'runs shell code computed at run time',
  ),
  row(
    'computed-script',
    'obfuscation',
    'a script computed or fetched at run time',
    'runs fetched or computed content as a shell script',
  ),
  row(
    'computed-code',
    'obfuscation',
    'interpreter code computed or fetched at run time',
    'runs fetched or computed content in an interpreter',
  ),
  row(
    'computed-program',
    'obfuscation',
    'a program name computed at run time',
    'runs a program whose name is computed at run time',
  ),
  row(
    'outside-program',
    'writes outside the project',
    'a program run from outside the project',
    'runs a program from outside the project',
  ),
  row(
    'outside-script',
    'writes outside the project',
    'a script run from outside the project',
    'runs a script from outside the project',
  ),
  row('one-string', 'toolchain wrappers', 'env -S / --split-string', 'runs a command given as one string'),
  row('root-shell', 'privilege', 'sudo -s / -i', 'starts a root shell'),
  row(
    'awk-system',
    'arbitrary code',
    'awk programs that run commands or write files',
    'runs commands or writes files from an awk program',
  ),
  row('archive-command', 'arbitrary code', 'an archive tool told to run a command', 'runs a command'),
  row(
    'eval',
    'obfuscation',
    'eval, iex, Invoke-Expression (but for `eval $(opam env)`, the set-up opam prints)',
    'evaluates code computed at run time',
  ),
  row('alias', 'persistence', 'a shell alias', 'defines a command alias'),
  row('trap', 'persistence', 'a signal trap', 'runs code on a signal'),
  row('source-stdin', 'download-and-run', 'source of standard input', 'sources standard input'),
  row(
    'source-computed',
    'download-and-run',
    'source of fetched or computed content',
    'sources fetched or computed content',
  ),
  row(
    'source-outside',
    'writes outside the project',
    'source of a file outside the project',
    'sources a file from outside the project',
  ),
  row('define-function', 'obfuscation', 'declare -f / export -f', 'defines a shell function'),
  ...DENY_ROWS,
] as const satisfies readonly RuleDef[];

export type RuleId = (typeof RULES)[number]['id'];
/** A reason the judges may give: exactly a `why` of the table. */
export type Reason = (typeof RULES)[number]['why'];

const BY_ID = new Map<string, RuleDef>(RULES.map((r) => [r.id, r]));
const BY_WHY = new Map<string, RuleDef>();
for (const r of RULES) if (!BY_WHY.has(r.why)) BY_WHY.set(r.why, r);

/** The rule with this id. */
export function rule(id: RuleId): RuleDef {
  return BY_ID.get(id)!;
}

/** The rule whose reason this is (the first one when two rules share a reason). */
export function ruleOfReason(why: string): RuleDef | undefined {
  return BY_WHY.get(why);
}
