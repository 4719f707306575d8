// Edit grammars of tools' settings (edit-kinds.ts): mypy.ini's sections and the options that choose
// how strict the check is, Django's default primary key type, the oldest Sphinx that builds the
// docs, Prisma's client put back in its default place. No option here loads code (mypy's plugins,
// Sphinx's extensions), names a path (mypy_path, cache_dir, files) or opens the application
// (Django's hosts, debug mode, middleware).
import type { EditKind } from './edit-lines.js';

const BOOL = String.raw`(?:True|False|true|false|1|0)`;

/** mypy.ini: the global section, a module pattern's section, and strictness options. */
const MYPY_LINE = [
  /^\[mypy(?:-[\w.*]+(?:,\s*[\w.*]+)*)?\]$/,
  new RegExp(
    String.raw`^(?:ignore_missing_imports|check_untyped_defs|disallow_untyped_defs|disallow_incomplete_defs|disallow_untyped_calls|disallow_untyped_decorators|disallow_any_generics|disallow_subclassing_any|no_implicit_optional|strict_optional|strict_equality|strict|warn_unused_ignores|warn_redundant_casts|warn_return_any|warn_unused_configs|warn_unreachable|show_error_codes|pretty|namespace_packages|explicit_package_bases|implicit_reexport|allow_redefinition)\s*=\s*${BOOL}$`,
  ),
  /^follow_imports\s*=\s*(?:normal|silent|skip|error)$/,
  /^python_version\s*=\s*3\.\d{1,2}$/,
];

/** Django's default primary key field: one of its own auto fields, by its dotted path. */
const DJANGO_AUTO_FIELD = /^DEFAULT_AUTO_FIELD\s*=\s*(["'])django\.db\.models\.(?:Small|Big)?AutoField\1$/;

export const SETTINGS_KINDS: EditKind[] = [
  {
    // Prisma's generated client back in its default place: a custom output folder removed only
    file: /(?:^|\/)schema\.prisma$/,
    line: (l, removed) => removed && /^output\s*=\s*"(?:\.\/)?(?!\/)(?!.*\.\.)[\w./-]+"$/.test(l),
  },
  {
    // Sphinx's oldest release that builds the docs: a minimum, not a release chosen
    file: /(?:^|\/)conf\.py$/,
    line: (l) => /^needs_sphinx\s*=\s*(["'])\d+(?:\.\d+){0,2}\1$/.test(l),
  },
  { file: /(?:^|\/)mypy\.ini$/, line: (l) => MYPY_LINE.some((r) => r.test(l)) },
  {
    // a settings module (`settings.py`, `settings/base.py`)
    file: /(?:^|\/)(?:settings(?:\/[\w-]+)?|[\w-]*_settings)\.py$/,
    line: (l) => DJANGO_AUTO_FIELD.test(l),
  },
];
