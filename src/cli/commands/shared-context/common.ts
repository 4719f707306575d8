// What the shared-context commands share: the project folder and picking a session.
import { getProjectPath } from '../../../common/project.js';
import { listSessions, sanitizePart, storeRoot, type SessionInfo } from '../../../shared-context/index.js';
import { CliError } from '../../errors.js';

export function projectOf(opt: string | undefined): string {
  return getProjectPath(opt ?? process.cwd());
}

/** A session by folder name, id, or unique prefix; the newest when not given. */
export function pickSession(project: string, wanted: string | undefined): SessionInfo {
  const sessions = listSessions(project);
  if (!sessions.length) {
    throw new CliError(
      `no shared context in ${storeRoot(project)}`,
      'it is written when a subagent stops in a Claude Code session with the hooks installed (`self-gen install`)',
    );
  }
  if (!wanted) return sessions[0]!;
  const exact = sessions.find((s) => s.session === wanted || s.session === sanitizePart(wanted, 'session'));
  if (exact) return exact;
  const byPrefix = sessions.filter((s) => s.session.startsWith(wanted));
  if (byPrefix.length === 1) return byPrefix[0]!;
  if (byPrefix.length > 1) {
    throw new CliError(
      `"${wanted}" matches ${byPrefix.length} sessions`,
      'give more characters of the session id (see `self-gen shared-context list`)',
    );
  }
  throw new CliError(
    `no session "${wanted}" in ${storeRoot(project)}`,
    'list them with `self-gen shared-context list`',
  );
}
