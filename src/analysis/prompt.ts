// The analysis prompt: a template file with {{variables}} (shipped in templates/analysis/prompt.md,
// overridable), filled with the event summary. Its hash keys the analysis cache.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { paths } from '../common/paths.js';
import { redact } from '../common/redact.js';
import { quoteInline } from '../common/quote.js';
import type { FeedbackRow } from './suggestions.js';

export const TEMPLATE_REL = join('templates', 'analysis', 'prompt.md');

export const ANSWER_SCHEMA_EXAMPLE = `{
  "summary": "two or three sentences on what the data shows",
  "suggestions": [
    { "type": "claude_md", "rule": "…", "summary": "…", "evidence": "…", "project": "<project or null>" },
    { "type": "skill", "rule": "…", "summary": "…", "project": null,
      "skill": { "name": "kebab-case-name", "description": "…", "body": "Markdown instructions" } },
    { "type": "hook", "rule": "…", "summary": "…", "project": "<project or null>",
      "hook": { "event": "PreToolUse", "matcher": "Bash", "command": "…" } }
  ]
}`;

export class TemplateError extends Error {}

/** The template shipped with the package: found by walking up from this module (src/ or dist/chunks/). */
export function shippedTemplatePath(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, TEMPLATE_REL);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return null;
}

/** The data home's override: `<data home>/templates/analysis/prompt.md`. */
export function userTemplatePath(env: NodeJS.ProcessEnv = process.env): string {
  return join(paths(env).home, TEMPLATE_REL);
}

function expandHome(p: string, env: NodeJS.ProcessEnv): string {
  return p === '~' || p.startsWith('~/') ? join(env.HOME || homedir(), p.slice(1)) : resolve(p);
}

/** Which template is used: config `analysis.templatePath`, else the data home's, else the shipped one. */
export function resolveTemplate(
  templatePath: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): { path: string; text: string } {
  const candidates: { path: string; required: boolean }[] = [];
  if (templatePath) candidates.push({ path: expandHome(templatePath, env), required: true });
  candidates.push({ path: userTemplatePath(env), required: false });
  const shipped = shippedTemplatePath();
  if (shipped) candidates.push({ path: shipped, required: true });
  for (const c of candidates) {
    if (!c.required && !existsSync(c.path)) continue;
    let text: string;
    try {
      text = readFileSync(c.path, 'utf8');
    } catch (e) {
      throw new TemplateError(
        `cannot read the analysis prompt template ${c.path} (${(e as NodeJS.ErrnoException).code ?? String(e)})`,
      );
    }
    if (!text.includes('{{summary}}')) {
      throw new TemplateError(`the analysis prompt template ${c.path} has no {{summary}} placeholder`);
    }
    return { path: c.path, text };
  }
  throw new TemplateError(`the shipped analysis prompt template (${TEMPLATE_REL}) is missing`);
}

export function renderTemplate(template: string, vars: Record<string, string>): string {
  return template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (m, name: string) =>
    name in vars ? (vars[name] as string) : m,
  );
}

export function closedList(rows: FeedbackRow[], max = 30): string {
  const lines = rows
    .filter((r) => r.text)
    .slice(0, max)
    .map((r) => `- (${r.type ?? '?'}, ${r.action}) ${quoteInline(r.text, 200)}`);
  return lines.length ? lines.join('\n') : '(none)';
}

export interface PromptInput {
  template: string;
  summary: string;
  project: string | null;
  days: number;
  closed: FeedbackRow[];
  locale: 'ko' | 'en';
  maxSuggestions?: number;
}

export function buildPrompt(i: PromptInput): string {
  const text = renderTemplate(i.template, {
    summary: i.summary,
    scope: i.project === null ? 'all projects' : `the project ${quoteInline(i.project, 80)}`,
    project: i.project ?? '',
    project_value: i.project === null ? 'the project name it concerns' : JSON.stringify(i.project),
    days: String(i.days),
    closed: closedList(i.closed),
    schema: ANSWER_SCHEMA_EXAMPLE,
    language: i.locale === 'ko' ? 'Korean' : 'English',
    max_suggestions: String(i.maxSuggestions ?? 5),
  });
  // The summary comes from already-redacted events; redacting again costs nothing and guards overrides.
  return redact(text);
}

/** The cache key of an analysis: the exact prompt and the model it is sent to. */
export function inputHash(prompt: string, model: string | undefined): string {
  return createHash('sha256')
    .update(`${model ?? ''}\u0000${prompt}`)
    .digest('hex')
    .slice(0, 32);
}
