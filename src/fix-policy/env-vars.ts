// Environment variables a fix may set (`NAME=value cmd`, `export NAME=value`): an allow-list of
// names that are inert for the programs they reach, some only with listed values.
import { notRecognised } from './recognise.js';
import type { ScriptState } from './state.js';

/** Environment variables a fix may set in any project: known, and inert for the programs it runs. */
const ENV_ALLOWED = new Set(
  (
    'CI NODE_ENV RAILS_ENV RACK_ENV APP_ENV FLASK_ENV FLASK_APP FLASK_DEBUG DJANGO_SETTINGS_MODULE ' +
    'DEBUG LOG_LEVEL RUST_LOG RUST_BACKTRACE GOOS GOARCH CGO_ENABLED GO111MODULE GOTOOLCHAIN GOWORK ' +
    'PYTHONUNBUFFERED PYTHONDONTWRITEBYTECODE PYTHONIOENCODING PYTHONUTF8 PYTHONWARNINGS PIP_NO_CACHE_DIR ' +
    'PIP_DISABLE_PIP_VERSION_CHECK TERM COLUMNS LINES LANG LC_ALL LC_CTYPE LANGUAGE TZ NO_COLOR FORCE_COLOR ' +
    'PORT HOST_PORT VITE_PORT JAVA_VERSION NODE_VERSION CARGO_TERM_COLOR CARGO_INCREMENTAL ' +
    'TF_LOG TF_IN_AUTOMATION JEST_WORKERS SKIP_PREFLIGHT_CHECK BROWSER GENERATE_SOURCEMAP ' +
    'NEXT_TELEMETRY_DISABLED DOTNET_CLI_TELEMETRY_OPTOUT DOTNET_NOLOGO HOMEBREW_NO_AUTO_UPDATE ' +
    'HOMEBREW_NO_INSTALL_CLEANUP DEBIAN_FRONTEND PUPPETEER_SKIP_DOWNLOAD PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD ' +
    'ELECTRON_SKIP_BINARY_DOWNLOAD NPM_CONFIG_LOGLEVEL npm_config_loglevel UV_NO_CACHE POETRY_VIRTUALENVS_IN_PROJECT ' +
    'PIPENV_VENV_IN_PROJECT NODE_OPTIONS TOKENIZERS_PARALLELISM OMP_NUM_THREADS VERBOSE ' +
    'DOCKER_BUILDKIT ESLINT_USE_FLAT_CONFIG PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION ' +
    'CARGO_RESOLVER_INCOMPATIBLE_RUST_VERSIONS REALLY_GEM_UPDATE_SYSTEM COMPOSER_MEMORY_LIMIT BUNDLE_GEMFILE ' +
    'GIT_EDITOR GIT_SEQUENCE_EDITOR GIT_PAGER PAGER EDITOR VISUAL GIT_TRACE GIT_TERMINAL_PROMPT GIT_MERGE_AUTOEDIT ' +
    'PYTHONPATH HEX_EXPERIMENTAL_RESOLVER R_REMOTES_NO_ERRORS_FROM_WARNINGS'
  ).split(/\s+/),
);

/**
 * NAME=value: the name on the allow-list and the value plain text (no expansion; `dynamic`: the
 * value expands something, recognised only where the value's grammar names that expansion).
 */
export function assignmentOk(st: ScriptState, text: string, dynamic = false): boolean {
  const m = /^([A-Za-z_]\w*)=(.*)$/s.exec(text);
  if (!m) return false;
  if (dynamic && !(m[1]! in EXPANDED)) return false;
  if (!ENV_ALLOWED.has(m[1]!)) {
    notRecognised(st, 'sets', m[1]!);
    return true; // reported: not a recognition failure of the surrounding command
  }
  const allowed = (dynamic ? EXPANDED : ENV_VALUES)[m[1]!];
  if (allowed) return m[2]!.split(/\s+/).every((v) => allowed.test(v));
  return /^[\w.,:@/+%=-]*$/.test(m[2]!) && !m[2]!.includes('..');
}

/**
 * Folders of the project, `:`-separated: relative ones, or under the folder the command runs in
 * (`.`, `$PWD`); none absolute, under the home folder or climbing out.
 */
const PROJECT_DIRS =
  /^(?!.*\.\.)(?:(?:\.|\$PWD|\$\{PWD\})(?:\/[\w-][\w.-]*)*|[\w-][\w.-]*(?:\/[\w-][\w.-]*)*)\/?(?::(?:(?:\.|\$PWD|\$\{PWD\})(?:\/[\w-][\w.-]*)*|[\w-][\w.-]*(?:\/[\w-][\w.-]*)*)\/?)*$/;
/** Variables whose value may expand something: only what their pattern names. */
const EXPANDED: Record<string, RegExp> = { PYTHONPATH: PROJECT_DIRS };

/** An editor or pager that does nothing or only prints. */
const INERT_PROGRAM = /^(?:true|:|cat)$/;
const WARNING_CATEGORY =
  '(?:Warning|UserWarning|DeprecationWarning|PendingDeprecationWarning|SyntaxWarning|RuntimeWarning|FutureWarning|ImportWarning|UnicodeWarning|BytesWarning|ResourceWarning|EncodingWarning)';
const WARNING_FILTER = `(?:default|error|ignore|always|module|once)(?:::${WARNING_CATEGORY})?`;
/** Variables on the allow-list only with these values (each space-separated word). */
const ENV_VALUES: Record<string, RegExp> = {
  // a filter naming a category imports that category's module: only the built-in ones
  PYTHONWARNINGS: new RegExp(`^${WARNING_FILTER}(?:,${WARNING_FILTER})*$`),
  GIT_EDITOR: INERT_PROGRAM,
  GIT_SEQUENCE_EDITOR: INERT_PROGRAM,
  GIT_PAGER: INERT_PROGRAM,
  PAGER: INERT_PROGRAM,
  EDITOR: INERT_PROGRAM,
  VISUAL: INERT_PROGRAM,
  // a number is a file descriptor; a path would be a file written
  GIT_TRACE: /^(?:[0-2]|true|false)$/,
  GIT_TERMINAL_PROMPT: /^[01]$/,
  DOCKER_BUILDKIT: /^[01]$/,
  ESLINT_USE_FLAT_CONFIG: /^(?:true|false)$/,
  PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION: /^(?:python|cpp|upb)$/,
  GIT_MERGE_AUTOEDIT: /^(?:yes|no)$/,
  // where Python looks for modules first: folders of the project only
  PYTHONPATH: PROJECT_DIRS,
  HEX_EXPERIMENTAL_RESOLVER: /^(?:0|1|true|false)$/,
  // whether a warning while installing an R package fails the install
  R_REMOTES_NO_ERRORS_FROM_WARNINGS: /^(?:true|false)$/,
  RAILS_ENV: /^(?:development|test)$/,
  // Cargo's resolver: newest releases, or those whose rust-version this toolchain meets
  CARGO_RESOLVER_INCOMPATIBLE_RUST_VERSIONS: /^(?:allow|fallback)$/,
  // Debian's guard against `gem update --system` replacing its packaged RubyGems
  REALLY_GEM_UPDATE_SYSTEM: /^(?:1|true|yes)$/,
  COMPOSER_MEMORY_LIMIT: /^(?:-1|\d+[KMG]?)$/,
  // another Gemfile of the project (a relative path that does not climb out)
  BUNDLE_GEMFILE: /^(?:\.\/)?(?![/~.])(?!.*\.\.)[\w./-]*(?:Gemfile|gems\.rb|\.gemfile)$/,
  RACK_ENV: /^(?:development|test)$/,
  APP_ENV: /^(?:development|dev|local|test|testing)$/,
  NODE_OPTIONS:
    /^(?:--max[-_]old[-_]space[-_]size=\d+|--enable-source-maps|--no-warnings|--trace-warnings|--no-deprecation|--openssl-legacy-provider|--experimental-vm-modules|--stack-size=\d+)$/,
};
