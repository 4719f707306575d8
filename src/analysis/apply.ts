// `self-gen apply`: what a suggestion would change (preview) and the idempotent write. CLAUDE.md
// rules go into a marked section; skills become .claude/skills/<name>/SKILL.md; hooks are only
// shown (a model-written command is never installed without the user copying it).
//
// Writes stay inside their folder: the project folder (which must exist) or Claude
// Code's user folder; no symlink is followed on the way or at the file itself, and the file is
// replaced atomically.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import {
  dirState,
  ensureDirIn,
  ensureHome,
  lstatOrNull,
  readRegularText,
  realDir,
  writeFileAtomicIn,
} from '../common/safe-fs.js';
import type { DB } from '../db/db.js';
import { lastProjectPath } from '../db/events/read.js';
import type { StoredSuggestion } from './answer.js';

export const RULES_MARKER = '<!-- self-generation:rules -->';
export const RULES_HEADING = '## Rules learned by self-generation';

export interface ApplyPlan {
  /** `write`: apply writes `target`; `manual`: the user copies the preview themselves. */
  kind: 'write' | 'manual';
  target: string;
  /** Lines shown to the user (added lines start with `+ `). */
  preview: string;
  alreadyApplied: boolean;
  /** The whole new file content (kind `write`, not already applied). */
  content?: string;
  /** The folder the write must stay inside (the project folder, or Claude Code's user folder). */
  root?: string;
}

export class ApplyError extends Error {
  constructor(
    message: string,
    public fix?: string,
  ) {
    super(message);
  }
}

/** Claude Code's user folder: $CLAUDE_CONFIG_DIR or ~/.claude. */
export function claudeUserDir(env: NodeJS.ProcessEnv = process.env): string {
  const c = env.CLAUDE_CONFIG_DIR;
  return c && c.trim() ? c : join(env.HOME || homedir(), '.claude');
}

/** Where a project's files live: the current project when the names match, else the last recorded path. */
export function projectDirFor(
  db: DB | null,
  project: string,
  current: { name: string; path: string },
): string | null {
  if (project === current.name) return current.path;
  if (!db) return null;
  try {
    return lastProjectPath(db, project);
  } catch {
    return null;
  }
}

/** The project's CLAUDE.md: ./CLAUDE.md, or ./.claude/CLAUDE.md when only that one exists. */
export function projectClaudeMd(dir: string): string {
  const root = join(dir, 'CLAUDE.md');
  const inner = join(dir, '.claude', 'CLAUDE.md');
  return !existsSync(root) && existsSync(inner) ? inner : root;
}

const marker = (id: string) => `<!-- sg:${id} -->`;
const plus = (text: string) =>
  text
    .split('\n')
    .map((l) => `+ ${l}`)
    .join('\n');

/** The CLAUDE.md after adding the rule, or null when it is already there. */
export function addRule(
  existing: string,
  s: Pick<StoredSuggestion, 'id' | 'rule'>,
): { content: string; added: string } | null {
  const bullet = `- ${s.rule} ${marker(s.id)}`;
  if (existing.includes(marker(s.id))) return null;
  const lines = existing.split('\n');
  if (lines.some((l) => l.replace(/<!--.*?-->/g, '').trim() === `- ${s.rule}`.trim())) return null;
  const at = lines.findIndex((l) => l.trim() === RULES_MARKER);
  if (at !== -1) {
    let end = at;
    while (end + 1 < lines.length && /^\s*- /.test(lines[end + 1] as string)) end++;
    lines.splice(end + 1, 0, bullet);
    return { content: lines.join('\n'), added: bullet };
  }
  const block = `${RULES_HEADING}\n${RULES_MARKER}\n${bullet}\n`;
  const sep =
    existing.length === 0 ? '' : existing.endsWith('\n\n') ? '' : existing.endsWith('\n') ? '\n' : '\n\n';
  return { content: existing + sep + block, added: block.trimEnd() };
}

export function skillContent(s: StoredSuggestion): string {
  const sk = s.skill ?? { name: 'skill', description: s.rule, body: s.rule };
  return `---\nname: ${sk.name}\ndescription: ${JSON.stringify(sk.description)}\n---\n\n${sk.body.trim()}\n\n${marker(s.id)}\n`;
}

export function hookSnippet(s: StoredSuggestion): string {
  const h = s.hook ?? { event: 'PreToolUse', command: s.rule };
  const entry: Record<string, unknown> = { hooks: [{ type: 'command', command: h.command }] };
  if (h.matcher) entry.matcher = h.matcher;
  return JSON.stringify({ hooks: { [h.event]: [entry] } }, null, 2);
}

/** What applying `s` means. `projectDir` is required for project suggestions of kind claude_md/skill. */
export function planApply(
  s: StoredSuggestion,
  o: { projectDir: string | null; env?: NodeJS.ProcessEnv },
): ApplyPlan {
  const env = o.env ?? process.env;
  if (s.project !== null && !o.projectDir && s.type !== 'hook') {
    throw new ApplyError(
      `no folder is known for project "${s.project}"`,
      `run the command inside that project, or pass --project-dir <path>`,
    );
  }
  let base: string | null = null;
  if (s.project !== null && s.type !== 'hook') {
    base = realDir(resolve(o.projectDir as string));
    if (!base)
      throw new ApplyError(
        `the project folder ${o.projectDir} does not exist or is not a folder`,
        'pass --project-dir <path> with the project folder',
      );
  } else if (s.project !== null) base = o.projectDir as string;
  const root = base ?? claudeUserDir(env);
  if (s.type === 'claude_md') {
    const target = base ? projectClaudeMd(base) : join(claudeUserDir(env), 'CLAUDE.md');
    const existing = readTarget(root, target);
    const r = addRule(existing ?? '', s);
    if (!r) return { kind: 'write', target, preview: `(already in ${target})`, alreadyApplied: true, root };
    return { kind: 'write', target, preview: plus(r.added), alreadyApplied: false, content: r.content, root };
  }
  if (s.type === 'skill') {
    const name = s.skill?.name ?? 'skill';
    const target = base
      ? join(base, '.claude', 'skills', name, 'SKILL.md')
      : join(claudeUserDir(env), 'skills', name, 'SKILL.md');
    const content = skillContent(s);
    const existing = readTarget(root, target);
    if (existing !== null) {
      if (existing.includes(marker(s.id)))
        return { kind: 'write', target, preview: `(already in ${target})`, alreadyApplied: true, root };
      throw new ApplyError(
        `${target} already exists and was not written by this suggestion`,
        'move it aside, or dismiss this suggestion',
      );
    }
    return { kind: 'write', target, preview: plus(content.trimEnd()), alreadyApplied: false, content, root };
  }
  const where = base ? join(base, '.claude', 'settings.json') : join(claudeUserDir(env), 'settings.json');
  return {
    kind: 'manual',
    target: where,
    preview: `Merge this into the "hooks" of ${where}:\n${hookSnippet(s)}`,
    alreadyApplied: false,
  };
}

/**
 * The current text of an apply target (null when absent). Refuses (ApplyError) a target reached
 * through a symlink, a symlink or non-regular file at the target, or one outside `root`.
 */
function readTarget(root: string, target: string): string | null {
  if (dirState(root, dirname(target)) === 'unsafe')
    throw new ApplyError(
      `${dirname(target)} is a symlink or not a folder inside ${root}; nothing is written through it`,
      'replace the link with a real folder, or copy the preview by hand',
    );
  const st = lstatOrNull(target);
  if (!st) return null;
  const text = st.isFile() ? readRegularText(target, { noFollow: true, maxBytes: 4 * 1024 * 1024 }) : null;
  if (text === null)
    throw new ApplyError(
      `${target} is a symlink or not a regular file; it is not written through`,
      'replace it with a regular file, or copy the preview into the file it points to by hand',
    );
  return text;
}

/** Writes a planned change atomically (temporary file + rename), never outside its folder. */
export function writePlan(plan: ApplyPlan): void {
  if (plan.kind !== 'write' || plan.alreadyApplied || plan.content === undefined) return;
  // Plans made without a root (older callers) stay inside the target's own folder.
  const root = plan.root ?? dirname(plan.target);
  // Claude Code's user folder is the user's own: created like `mkdir -p`. A project folder must exist.
  if (plan.root === undefined || !realDir(root)) ensureHome(root, 0o755);
  ensureDirIn(root, dirname(plan.target), 0o755);
  writeFileAtomicIn(root, plan.target, plan.content, 0o644);
}
