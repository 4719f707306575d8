// Per-role prompt templates with {{variables}}. Lookup order: the project's override folder
// (.claude/orchestrator/templates/<role>.md), the configured templatesDir, the templates shipped in
// the package (templates/orchestrator/<role>.md), and a built-in generic template.
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OrchPaths } from './paths.js';
import { readRegularText, isInside } from '../common/safe-fs.js';
import { readProjectFile } from './project-file.js';
import { ALL_VARS, ROLE_SPECS } from './roles.js';
import type { Role } from './schemas.js';
import { quoteBlock, quoteInline } from '../common/quote.js';

export type TemplateSource = 'project' | 'config' | 'default' | 'builtin';

export interface Template {
  role: Role;
  text: string;
  source: TemplateSource;
  path?: string;
}

let shippedDir: string | null | undefined;

/**
 * The package's templates/orchestrator folder, found by walking up from this module (it runs from
 * dist/, dist/chunks/ or src/orchestrator/).
 */
export function shippedTemplatesDir(): string | null {
  if (shippedDir !== undefined) return shippedDir;
  shippedDir = null;
  try {
    let dir = dirname(fileURLToPath(import.meta.url));
    for (let i = 0; i < 6; i++) {
      const cand = join(dir, 'templates', 'orchestrator');
      if (existsSync(join(cand, 'architect.md'))) {
        shippedDir = cand;
        break;
      }
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  } catch {}
  return shippedDir;
}

export function builtinTemplate(role: Role): string {
  const spec = ROLE_SPECS[role];
  const lines = [`# Role: ${role}`, ''];
  for (const v of spec.vars) {
    if (v === 'role') continue;
    lines.push(`## ${v}`, `{{${v}}}`, '');
  }
  return lines.join('\n');
}

export const MAX_TEMPLATE_BYTES = 64 * 1024;

/**
 * A template's text, or null. Inside the project: a regular file reached through real folders only
 * (project-file.ts). Elsewhere (the configured templatesDir outside the project, the shipped
 * templates): the user's own or ours, but still only a regular file, opened non-blocking, bounded.
 */
export function readTemplateText(p: OrchPaths, file: string): string | null {
  if (isInside(p.projectRoot, file)) {
    const r = readProjectFile(p.projectRoot, file, MAX_TEMPLATE_BYTES);
    return r.ok ? r.text : null;
  }
  return readRegularText(file, { maxBytes: MAX_TEMPLATE_BYTES });
}

export function configTemplatesDir(p: OrchPaths, templatesDir: string | undefined): string | null {
  if (!templatesDir || !templatesDir.trim()) return null;
  return isAbsolute(templatesDir) ? templatesDir : resolve(p.projectRoot, templatesDir);
}

export function loadTemplate(role: Role, p: OrchPaths, templatesDir?: string): Template {
  const candidates: [TemplateSource, string | null][] = [
    ['project', join(p.templatesDir, `${role}.md`)],
    [
      'config',
      configTemplatesDir(p, templatesDir) &&
        join(configTemplatesDir(p, templatesDir) as string, `${role}.md`),
    ],
    ['default', shippedTemplatesDir() && join(shippedTemplatesDir() as string, `${role}.md`)],
  ];
  for (const [source, path] of candidates) {
    if (!path) continue;
    // The project's own override is a project file: a bounded regular file inside the project only.
    const text = readTemplateText(p, path);
    if (text !== null) return { role, text, source, path };
  }
  return { role, text: builtinTemplate(role), source: 'builtin' };
}

const VAR_RE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The variables a template uses. */
export function templateVars(text: string): string[] {
  return [...new Set([...text.matchAll(VAR_RE)].map((m) => m[1] as string))];
}

/** Variables a template uses that its role does not receive (they render empty). */
export function foreignVars(role: Role, text: string): string[] {
  const allowed = new Set(ROLE_SPECS[role].vars);
  return templateVars(text).filter((v) => !allowed.has(v));
}

/** Unknown to every role: probably a typo. */
export function unknownVars(text: string): string[] {
  return templateVars(text).filter((v) => !ALL_VARS.has(v));
}

/**
 * How each variable is shown. Everything read from the skill's files, the project or the memory
 * search is data: `block` values are fenced blocks (with this info string), `inline` ones backtick
 * spans (common/quote.ts), so no text in them can pass for the template's own words. Ids are shown
 * as they are when they look like ids (R1, T2, T1-S3), quoted otherwise; `role` is ours.
 */
export const VAR_FORMS: Record<string, { form: 'ours' | 'id' | 'inline' | 'block'; lang?: string }> = {
  role: { form: 'ours' },
  request_id: { form: 'id' },
  task_id: { form: 'id' },
  subtask_id: { form: 'id' },
  project_path: { form: 'inline' },
  output_path: { form: 'inline' },
  claude_md_path: { form: 'inline' },
  test_file_path: { form: 'inline' },
  reference_projects: { form: 'block', lang: 'text' },
  claude_md: { form: 'block', lang: 'markdown' },
  user_request: { form: 'block', lang: 'text' },
  design_brief: { form: 'block', lang: 'yaml' },
  patterns: { form: 'block', lang: 'yaml' },
  decisions: { form: 'block', lang: 'yaml' },
  pitfalls: { form: 'block', lang: 'yaml' },
  design_contract: { form: 'block', lang: 'yaml' },
  test_contract: { form: 'block', lang: 'yaml' },
  test_code: { form: 'block', lang: 'text' },
  current_subtask: { form: 'block', lang: 'yaml' },
  invariants: { form: 'block', lang: 'text' },
  mem_context: { form: 'block', lang: 'text' },
};

/** An id shown as it is: a letter or two and digits, dash-joined (R1, T2, T1-S3). */
const PLAIN_ID = /^[A-Za-z]{1,3}[0-9]{1,6}(?:-[A-Za-z]{1,3}[0-9]{1,6}){0,3}$/;

/** A contract's or a role's id as shown in our words: as it is when it looks like an id, else quoted. */
export function shownId(id: string): string {
  return PLAIN_ID.test(id) ? id : quoteInline(id, 70);
}

/** The longest block shown for one variable (the whole context is capped again by the hook). */
const BLOCK_MAX = 32 * 1024;

function shown(name: string, value: string, at: { start: boolean; end: boolean }, lang?: string): string {
  const f = VAR_FORMS[name] ?? { form: 'block' as const };
  if (f.form === 'ours') return value;
  if (f.form === 'id') return shownId(value);
  if (f.form === 'inline') return value ? quoteInline(value, 400) : '';
  if (!value.trim()) return '';
  // a fence opens only at the start of a line, and closes on a line of its own
  const block = quoteBlock(value, { max: BLOCK_MAX, lang: lang ?? f.lang });
  return `${at.start ? '' : '\n'}${block}${at.end ? '' : '\n'}`;
}

/**
 * A template's own fence around a lone data variable (```yaml / {{design_contract}} / ```, as in
 * earlier templates): dropped, the value brings its own (its info string is kept).
 */
const PLACEHOLDER = String.raw`\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}`;
/** A placeholder alone between a fence line and its closing line, or a placeholder anywhere. */
const TOKEN = new RegExp(
  String.raw`^ {0,3}(\`{3,}|~{3,})([A-Za-z0-9-]*)[ \t]*\n[ \t]*${PLACEHOLDER}[ \t]*\n {0,3}\1[ \t]*$|${PLACEHOLDER}`,
  'gm',
);

/**
 * Replaces {{name}} in one pass (values are never re-expanded). Only the role's own variables are
 * filled; any other {{name}} renders empty, so a template cannot pull another role's context.
 * Each value is shown in its form (VAR_FORMS): data only ever inside a quote.
 */
export function renderTemplate(text: string, role: Role, vars: Record<string, string>): string {
  const allowed = new Set(ROLE_SPECS[role].vars);
  const value = (name: string, at: { start: boolean; end: boolean }, lang?: string) =>
    allowed.has(name) ? shown(name, vars[name] ?? '', at, lang) : '';
  return text
    .replace(
      TOKEN,
      (
        m: string,
        fence: string | undefined,
        lang: string | undefined,
        wrapped: string | undefined,
        name: string | undefined,
        offset: number,
        whole: string,
      ) => {
        if (wrapped !== undefined) {
          // a block variable brings its own fence; any other keeps the template's
          if (VAR_FORMS[wrapped]?.form === 'block')
            return value(wrapped, { start: true, end: true }, lang || undefined);
          const inner = value(wrapped, { start: true, end: true });
          return `${fence}${lang}\n${inner}\n${fence}`;
        }
        const before = whole.slice(whole.lastIndexOf('\n', offset - 1) + 1, offset);
        const after = /^[^\n]*/.exec(whole.slice(offset + m.length))![0];
        return value(name!, { start: /^ {0,3}$/.test(before), end: /^[ \t]*$/.test(after) });
      },
    )
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
