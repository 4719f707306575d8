// The kinds of operands and option values a grammar names (`path`, `npm`, `ref`, …) and the judge
// of one word against its kind. Packages by name are recognised as such and cross projects only
// when widely used (data/); an exact release stays in its project.
import type { Word } from './commands.js';
import { IGNORE_LIST } from './edit-grammar.js';
import { assignmentOk } from './env-vars.js';
import { readable, writable } from './expand.js';
import { proseOk } from './prose.js';
import { notRecognised, type GateCtx } from './recognise.js';
import type { ScriptState } from './state.js';
import { picksOneRelease, versionConstraint } from './versions.js';
import { commonScript } from './script-names.js';
import { listed, popular, popularModule } from './popular.js';
import { plainArg, TAIL_KINDS, tailValueOk, type TailKind } from './kinds-tail.js';

/** What an operand or an option's value must be. */
export type Kind =
  | 'path' // a path inside the project (read, listed, deleted, hidden or not)
  | 'out' // a path created or changed: inside the project, not a file that runs code or configures a tool
  | 'write' // a path whose content the fix supplies (a copy's or a redirect's destination): as `out`
  | 'mode' // a file mode (octal or symbolic)
  | 'name' // a plain identifier: letters, digits, `._-+:@,`
  | 'text' // static text that is not run (a short message or label): no expansion
  | 'pattern' // a search pattern (grep, rg, git log --grep): static, longer than text, no prose to the model
  | 'message' // a commit or stash message: a subject line of plain words, none addressed to the model
  | 'url' // a URL of this machine's own servers (http://localhost:PORT/…): a check of the project's dev server
  | 'jq' // a jq filter: as a pattern, and not reading the environment or loading modules
  | 'format' // date's output format (`+%Y-%m-%d`): never a date to set
  | 'gitkey' // a git setting read with --get: inert keys and a remote's URL
  | 'k8s' // a Kubernetes resource type, or type/name: any but secrets
  | 'remote' // a git remote by name (`origin`): not a URL, a host or a transport
  | 'endpoint' // a GitHub API path (`repos/{owner}/{repo}/pulls/12/comments`), read with GET
  | 'num' // a number (with an optional unit)
  | 'rmpath' // a path removed: inside the project, and not an ignore list
  | 'skiptask' // a build task skipped (Gradle's -x): the tests or the API docs, never a check or scan
  | 'auditlevel' // the lowest severity an audit reports (info … critical): never `none`
  | 'jobs' // how many jobs run at once: 1 to 64 (more is a load no fix needs)
  | 'migration' // a migration's name as frameworks number them (`0002_add_field`)
  | 'ref' // a git revision or branch name
  | 'gitref' // a ref whose content a command brings in: one every project has crosses (COMMON_REF)
  | 'newref' // the name of a branch a command creates
  | 'version' // a toolchain version or channel
  | 'script' // a script of the project's package.json or a build tool's task: common names cross (script-names.ts)
  | 'npm' // a package by name from the npm registry
  | 'py' // a package by name from PyPI (with extras and version specifiers)
  | 'pkg' // a package by name from a curated distribution (apt, dnf, apk) or Docker's official images
  | 'conda' // a conda package by name: a well-known Python package or one of conda's native ones
  | 'pub' // a widely used pub.dev package by name (Dart, Flutter)
  | 'crate' // a widely used crate by name
  | 'gem' // a widely used gem by name
  | 'brew' // a widely used Homebrew formula or cask by name
  | 'nuget' // a widely used NuGet package by id
  | 'gomod' // a Go module path
  | 'local' // a Go package of this module (`.`, `./...`, `./cmd/x`)
  | 'php' // a Composer package vendor/name
  | 'opam' // a widely used opam package by name
  | 'rock' // a widely used LuaRocks rock by name
  | 'nimble' // a widely used Nimble package by name
  | 'browser' // a browser build a test tool downloads, by name or channel (`chrome`, `chrome@stable`): never a release
  | 'label' // a Bazel target label of this workspace (`//pkg:target`, `//...`, `:target`)
  | 'arg' // a word passed on to the project's own code: a plain word, number, inside path or `--opt=plain`
  | 'goal' // a Maven phase or a goal of a well-known plugin
  | 'define' // NAME=value for a build tool (-D): a known name, a plain value
  | 'assign' // NAME=value, the name on the environment allow-list
  | 'cmd' // the rest of the words are a command, judged as one
  | TailKind; // the long tail's kinds (kinds-tail.ts)

export const KINDS = new Set<string>([
  'path',
  'out',
  'write',
  'mode',
  'name',
  'text',
  'pattern',
  'message',
  'url',
  'endpoint',
  'jq',
  'remote',
  'k8s',
  'gitkey',
  'format',
  'num',
  'jobs',
  'auditlevel',
  'skiptask',
  'rmpath',
  'migration',
  'ref',
  'newref',
  'gitref',
  'version',
  'script',
  'npm',
  'py',
  'pkg',
  'conda',
  'pub',
  'crate',
  'gem',
  'brew',
  'nuget',
  'gomod',
  'local',
  'php',
  'opam',
  'rock',
  'nimble',
  'label',
  'browser',
  'assign',
  'arg',
  'goal',
  'define',
  'cmd',
  ...TAIL_KINDS,
]);

const NAME = /^[A-Za-z0-9_][\w.+:@,-]*$/;
/** Refs every project has or may have: HEAD and its ancestors, the usual branch names, their origin/upstream. */
const COMMON_REF =
  /^(?:(?:HEAD|FETCH_HEAD|ORIG_HEAD|MERGE_HEAD)(?:[~^]\d*)*|(?:(?:origin|upstream)\/)?(?:main|master|develop|dev|trunk|next|stable|gh-pages)(?:[~^]\d*)*|-)$/;
const REF = /^[A-Za-z0-9_][\w./^~@+-]*(?::[A-Za-z0-9_][\w./-]*)?$/;
const NPM = /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9_][\w.-]*(?:@[\w.^~<>=*+|-]+(?: +[\w.^~<>=*+|-]+)*)?$/i;
const PY =
  /^[A-Za-z0-9][\w.-]*(?:\[[\w,.-]+\])?(?:(?:==|>=|<=|~=|!=|<|>)[\w.*+!-]+(?:,(?:==|>=|<=|~=|!=|<|>)[\w.*+!-]+)*)?$/;
const PKG = /^[A-Za-z0-9][\w.+-]*(?:[@:=][\w.^~<>=*+-]+)?$/;
const GOMOD = /^[a-z0-9.-]+\.[a-z]{2,}(?:\/[\w.~-]+)+(?:@[\w.+-]+)?$|^\.{1,2}(?:\/[\w.-]+)*(?:\/\.\.\.)?$/;
/** A URL of this machine's own servers, with a plain path and query. */
const LOCAL_URL =
  /^https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0)(?::\d{1,5})?(?:\/[\w.~%+/-]*)?(?:\?[\w.%+=&-]*)?$/;
/** A REST path of the GitHub API (`repos/{owner}/{repo}/pulls/1/comments?per_page=100`). */
const ENDPOINT = /^\/?[\w.{}-]+(?:\/[\w.{}-]+)*(?:\?[\w.%+=&-]*)?$/;
/** A package name of opam, LuaRocks or Nimble: no version, ref or source attached. */
const LIB_NAME = /^[a-z][\w-]*$/i;
/** A Bazel label: an optional repository, a package path from the root, an optional target. */
const LABEL = /^(?:@[\w.-]*)?\/\/[\w./+-]*(?::[\w./+-]+)?$|^:[\w./+-]+$/;
const BROWSER =
  /^(?:chrome|chromium|chrome-headless-shell|chromedriver|firefox)(?:@(?:stable|beta|dev|canary|latest))?$/;
const PHP = /^[a-z0-9][\w.-]*\/[a-z0-9][\w.-]*(?::(?!dev-)[\w.^~<>=*|@ -]+)?$/i;

/** Judges one value against its kind; false when not recognised. */
export function valueOk(ctx: GateCtx, kind: Kind, w: Word): boolean {
  // the one expansion printed text may hold: the last command's exit status (`echo "exit=$?"`)
  if (w.dynamic && kind === 'text' && /\$\?/.test(w.text) && !/[`$]/.test(w.text.replace(/\$\?/g, '')))
    return proseOk('text', w.text);
  if (w.dynamic) return false;
  const t = w.text;
  if (kind === 'url') return LOCAL_URL.test(t);
  if (/:\/\//.test(t)) return false;
  switch (kind) {
    case 'endpoint':
      return ENDPOINT.test(t) && !t.includes('..') && !/^\/?graphql\b/.test(t);
    case 'path':
      return readable(w);
    case 'rmpath':
      // removing an ignore list un-ignores what it listed (a commit of `-A` then takes it)
      return readable(w) && !IGNORE_LIST.test(t);
    case 'out':
    case 'write':
      if (!readable(w)) return false;
      // a file that runs code or configures a tool: recognised, kept to the project that proved it
      if (!writable(w)) ctx.st.local.add('config-write');
      if (kind === 'write') ctx.st.wrote.add(t.replace(/^\.\//, ''));
      ctx.st.named.add(t);
      return true;
    case 'mode':
      return /^[0-7]{3,4}$|^(?:[ugoa]*[-+=][rwxXt]*,?)+$/.test(t);
    case 'name':
      return NAME.test(t) && !t.includes('..');
    case 'script':
      // a project's script runs what the project defines: only a common name crosses
      if (!NAME.test(t) || t.includes('..')) return false;
      if (!commonScript(t)) notRecognised(ctx.st, 'script', t);
      return true;
    case 'text':
    case 'pattern':
    case 'message':
      // free text has no grammar: only short plain text with no room for instructions (prose.ts)
      return proseOk(kind, t);
    case 'jq':
      return proseOk('jq', t) && !/\$?\benv\b|\$ENV|\b(?:import|include|input_filename|\$__loc__)\b/.test(t);
    case 'format':
      return /^\+[\w%:.,/ -]*$/.test(t);
    case 'gitkey':
      return /^(?:user\.(?:name|email)|core\.(?:autocrlf|filemode|ignorecase|eol|bare)|(?:pull|push|merge|rebase|init|fetch)\.[A-Za-z]+|remote\.[\w.-]+\.(?:url|fetch|pushurl)|branch\.[\w./-]+\.(?:remote|merge|rebase))$/.test(
        t,
      );
    case 'k8s':
      return /^[a-z][\w.-]*(?:\/[\w.-]+)?$/.test(t) && !/^secrets?(?:$|[./])/i.test(t);
    case 'remote':
      return /^[A-Za-z0-9_][\w.-]*$/.test(t) && !t.includes('..');
    case 'num':
      return /^[+]?\d+(?:\.\d+)?[a-zA-Z%]{0,3}$/.test(t);
    case 'migration':
      // Django's `0002_add_field`, Entity Framework's `20240101120000_AddField` or `AddField`
      return /^(?:\d{4}|\d{14})_\w+$|^[A-Z][A-Za-z0-9]*$/.test(t);
    case 'skiptask':
      return /^(?::[\w-]+:)?(?:test|javadoc)$/.test(t);
    case 'auditlevel':
      return /^(?:info|low|moderate|high|critical)$/.test(t);
    case 'jobs':
      return /^[1-9]\d?$/.test(t) && Number(t) <= 64;
    case 'newref':
      return REF.test(t) && !/(?:^|\/)\.|\.lock$|@\{|[~^:]/.test(t);
    case 'ref':
      return REF.test(t) && !/(?:^|\/)\.|\.lock$|@\{/.test(t);
    case 'gitref':
      if (!REF.test(t) || /(?:^|\/)\.|\.lock$|@\{/.test(t)) return false;
      // what a checkout, merge or rebase brings in: a ref named the same in every project crosses;
      // another (a feature branch, another remote's branch, a commit) means something only where proved
      if (!t.split(/\.{2,3}/).every((r) => COMMON_REF.test(r))) notRecognised(ctx.st, 'git ref', t);
      return true;
    case 'version':
      // a constraint with an operator (`gem install x -v '< 2.0'`, `'~> 1.15'`) only when it is a range
      if (/^[<>=~!^]/.test(t)) return versionConstraint(t) === 'range';
      if (!/^[\w][\w.+-]*$/.test(t) || /^(?:system)$/.test(t)) return false;
      exactVersion(ctx.st, t, t);
      return true;
    case 'npm':
      if (!NPM.test(t) || /^(?:npm|file|git|link|workspace|portal|patch|github|http|https):/i.test(t))
        return false;
      // a range of several comparators (`pkg@'>=2.4 <2.6'`) only when each is one
      if (/[ |]/.test(t) && versionConstraint(/(?!^)@([^/]*)$/.exec(t)?.[1] ?? '') === null) return false;
      exactVersion(ctx.st, /(?!^)@([^/]*)$/.exec(t)?.[1], t);
      return popular(ctx.st, 'npm', t.replace(/(?!^)@[^/]*$/, '').toLowerCase());
    case 'py':
      if (!PY.test(t)) return false;
      exactVersion(ctx.st, /^[\w.-]+(?:\[[^\]]*\])?\s*([<>=!~][^;]*)/.exec(t)?.[1], t);
      return popular(
        ctx.st,
        'pypi',
        t
          .replace(/[[<>=!~;].*$/s, '')
          .toLowerCase()
          .replace(/[_.]+/g, '-'),
      );
    case 'pkg':
      if (!PKG.test(t)) return false;
      exactVersion(ctx.st, /[@:=](.*)$/s.exec(t)?.[1], t);
      return true;
    case 'crate':
    case 'gem':
    case 'brew':
    case 'nuget':
      if (!PKG.test(t)) return false;
      exactVersion(ctx.st, /[@:=](.*)$/s.exec(t)?.[1], t);
      return popular(ctx.st, kind, t.replace(/[@:=].*$/s, '').toLowerCase());
    case 'pub': {
      // `dev:name` adds a dev dependency (Dart 2.19 on)
      const p = t.replace(/^dev:/, '');
      if (!PKG.test(p)) return false;
      exactVersion(ctx.st, /[@:=](.*)$/s.exec(p)?.[1], p);
      return popular(ctx.st, 'pub', p.replace(/[@:=].*$/s, '').toLowerCase());
    }
    case 'conda': {
      if (!PKG.test(t)) return false;
      exactVersion(ctx.st, /[@:=](.*)$/s.exec(t)?.[1], t);
      // conda-forge names a Python package as PyPI does (lower case, dashes)
      const name = t.replace(/[@:=].*$/s, '').toLowerCase();
      return popular(ctx.st, 'conda', listed('conda', name) ? name : name.replace(/[_.]+/g, '-'));
    }
    case 'gomod':
      if (!GOMOD.test(t)) return false;
      // this module's own packages (./…), or a widely used module by path
      if (t.startsWith('.')) return true;
      exactVersion(ctx.st, /@(.*)$/.exec(t)?.[1], t);
      return popularModule(ctx.st, t.replace(/@.*$/, ''));
    case 'local':
      return (
        /^\.(?:\/[\w.-]+)*(?:\/\.\.\.|\/)?$/.test(t) &&
        !/(?:^|\/)\.\.(?:\/|$)/.test(t.replace(/\/\.\.\.$/, ''))
      );
    case 'php':
      if (!PHP.test(t)) return false;
      exactVersion(ctx.st, /:(.*)$/s.exec(t)?.[1], t);
      return popular(ctx.st, 'composer', t.replace(/:.*$/s, '').toLowerCase());
    case 'opam':
      // the project's own package (`.`, `./app.opam`): its build runs
      if (/^\.(?:$|\/)/.test(t) && readable(w)) return (ctx.st.runs = true);
    // falls through
    case 'rock':
    case 'nimble':
      // a plain name: `pkg.1.2`, `pkg@1.2`, `pkg@#head` and URLs are not recognised
      if (!LIB_NAME.test(t)) return false;
      return popular(ctx.st, kind, t.toLowerCase());
    case 'browser':
      return BROWSER.test(t);
    case 'label':
      return LABEL.test(t) && !/(?:^|\/)\.\.(?:\/|$)/.test(t.replace(/\/\.\.\.$/, ''));
    case 'assign':
      return assignmentOk(ctx.st, t);
    case 'arg':
      return plainArg(w);
    case 'goal':
      return MVN_GOAL.test(t);
    case 'define':
      return DEFINE.test(t);
    default:
      return kind !== 'cmd' && tailValueOk(ctx, kind, w);
  }
}

const MVN_GOAL =
  /^(?:clean|validate|compile|test|test-compile|package|verify|install|site|(?:dependency|spring-boot|compiler|surefire|failsafe|versions|help|quarkus|javafx|jacoco|checkstyle|spotless|license):[\w-]+)$/;
/** -DNAME=value for cmake and Maven: inert settings with plain values. */
const DEFINE =
  /^(?:CMAKE_BUILD_TYPE|BUILD_SHARED_LIBS|BUILD_TESTING|CMAKE_EXPORT_COMPILE_COMMANDS|CMAKE_CXX_STANDARD|CMAKE_C_STANDARD|CMAKE_POSITION_INDEPENDENT_CODE|CMAKE_OSX_ARCHITECTURES|CMAKE_OSX_DEPLOYMENT_TARGET|CMAKE_POLICY_VERSION_MINIMUM|CMAKE_POLICY_DEFAULT_CMP\d{4}|CMAKE_CXX_STANDARD_REQUIRED|CMAKE_CXX_EXTENSIONS|CMAKE_CUDA_STANDARD|CMAKE_CUDA_ARCHITECTURES|CMAKE_VERBOSE_MAKEFILE|CMAKE_COLOR_DIAGNOSTICS|CMAKE_INTERPROCEDURAL_OPTIMIZATION|CMAKE_UNITY_BUILD|CMAKE_FIND_PACKAGE_PREFER_CONFIG|CMAKE_MESSAGE_LOG_LEVEL|CMAKE_WARN_DEPRECATED|CMAKE_ERROR_DEPRECATED|CMAKE_SUPPRESS_DEVELOPER_WARNINGS|CMAKE_SKIP_INSTALL_RULES|skipTests|maven\.test\.skip|test|failIfNoTests|surefire\.failIfNoSpecifiedTests|checkstyle\.skip|gpg\.skip|maven\.javadoc\.skip|(?:ENABLE|BUILD|USE|WITH)_[A-Z0-9_]+|[A-Z][A-Z0-9]*_(?:ENABLE|BUILD|USE|WITH)_[A-Z0-9_]+)(?::BOOL|:STRING)?(?:=[\w.,+-]*)?$/;

/**
 * A chosen release (`pkg@1.2.3`, `pkg==1.2.3`, `gem:1.2.3`, `mod@v0.7.0`, `<1.24.2`, `<=2.0.1`)
 * stays in the project that proved it, in every ecosystem alike (versions.ts): a release is the one
 * thing about a known package an attacker can choose (a compromised or vulnerable version), and the
 * least portable part of a fix. A name, a range, a major version or a cap at a release line crosses.
 */
function exactVersion(st: ScriptState, version: string | undefined, word: string): void {
  if (version !== undefined && picksOneRelease(version)) notRecognised(st, 'exact version', word);
}
