// What the analysis commands share: the current project, how a suggestion is printed, and finding
// the suggestion an id or a listed number names.
import { type StoredSuggestion, findSuggestion } from '../../../analysis/index.js';
import { getProjectName, getProjectPath } from '../../../common/project.js';
import type { DB } from '../../../db/db.js';
import { CliError } from '../../errors.js';
import { shownId } from '../../shown.js';

export function currentProject(): { name: string; path: string } {
  const path = getProjectPath(process.cwd());
  return { name: getProjectName(path), path };
}

const TYPE_LABEL: Record<string, string> = { claude_md: 'CLAUDE.md rule', skill: 'skill', hook: 'hook' };

function label(s: StoredSuggestion): string {
  if (s.type === 'skill') return `skill "${s.skill?.name ?? '?'}"`;
  if (s.type === 'hook')
    return `hook (${s.hook?.event ?? '?'}${s.hook?.matcher ? ` ${s.hook.matcher}` : ''})`;
  return TYPE_LABEL[s.type] ?? s.type;
}

export function formatSuggestion(s: StoredSuggestion, n?: number, status?: string): string {
  const scope = s.project === null ? 'global' : `project ${s.project}`;
  const head = `${n !== undefined ? `${String(n).padStart(2)}. ` : ''}[${s.id}] ${label(s)}, ${scope}${status && status !== 'open' ? ` (${status})` : ''}`;
  const lines = [head, `      ${s.rule}`];
  if (s.summary) lines.push(`      why: ${s.summary}`);
  return lines.join('\n');
}

/** The suggestion `ref` names: an id (or a unique prefix), or a number the last list showed here. */
export function resolveSuggestion(db: DB, ref: string): StoredSuggestion {
  let wanted = ref.trim();
  if (/^#?\d+$/.test(wanted)) {
    // A number means what the last list printed in this project folder showed under it.
    const n = Number(wanted.replace('#', ''));
    const { id, listed } = shownId(currentProject().path, n);
    if (!id)
      throw new CliError(
        listed
          ? `no suggestion was shown as number ${n} in the last list`
          : `no list of suggestions was shown in this project yet, so "${ref}" means nothing`,
        'run `self-gen suggestions` and use a number it shows, or give the id (like m1a2b3c4)',
      );
    wanted = id;
  }
  const { found, ambiguous } = findSuggestion(db, wanted);
  if (found) return found;
  if (ambiguous.length)
    throw new CliError(
      `"${ref}" matches several suggestions: ${ambiguous.join(', ')}`,
      'give more of the id',
    );
  throw new CliError(
    `no suggestion "${ref}"`,
    'list them with `self-gen suggestions` (ids look like m1a2b3c4)',
  );
}
