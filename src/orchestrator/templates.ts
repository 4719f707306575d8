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
 * Replaces {{name}} in one pass (values are never re-expanded). Only the role's own variables are
 * filled; any other {{name}} renders empty, so a template cannot pull another role's context.
 */
export function renderTemplate(text: string, role: Role, vars: Record<string, string>): string {
  const allowed = new Set(ROLE_SPECS[role].vars);
  return text
    .replace(VAR_RE, (_m, name: string) => (allowed.has(name) ? (vars[name] ?? '') : ''))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
