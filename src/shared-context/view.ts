// A session's shared context as the dashboard shows it: the summary and the agent files, read
// only from real folders inside the project (no symlink followed), each at most TEXT_MAX_BYTES.
import { join } from 'node:path';
import { dirState } from '../common/safe-fs.js';
import { agentFiles, readText, sessionPaths, SUMMARY_FILE } from './file-store.js';

export interface SessionContext {
  folder: string;
  summary: string | null;
  agents: { file: string; text: string }[];
}

/** Null when the project has no shared-context folder for the session (or it is not safe to read). */
export function sessionContext(projectPath: string, sessionId: string): SessionContext | null {
  const p = sessionPaths(projectPath, sessionId);
  if (dirState(projectPath, p.dir) !== 'ok') return null;
  const agents: SessionContext['agents'] = [];
  for (const file of agentFiles(p.dir).sort().slice(0, 50)) {
    const text = readText(join(p.dir, file));
    if (text !== null) agents.push({ file, text });
  }
  return { folder: p.session, summary: readText(join(p.dir, SUMMARY_FILE)), agents };
}
