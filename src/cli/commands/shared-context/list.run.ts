// `self-gen shared-context list`: the session folders of this project, newest first.
import { join } from 'node:path';
import {
  parseSummary,
  agentFiles,
  listSessions,
  readText,
  storeRoot,
  SUMMARY_FILE,
  age,
} from '../../../shared-context/index.js';
import { projectOf } from './common.js';

export interface ScListOptions {
  project?: string;
}

export function runScList(_args: [], o: ScListOptions): void {
  const project = projectOf(o.project);
  const sessions = listSessions(project);
  if (!sessions.length) {
    console.log(`no shared context in ${storeRoot(project)}`);
    return;
  }
  for (const s of sessions) {
    const text = readText(join(s.dir, SUMMARY_FILE));
    const doc = text ? parseSummary(text) : null;
    const n = doc ? doc.entries.length : 0;
    console.log(
      `${s.session}  ${String(n).padStart(3)} entr${n === 1 ? 'y  ' : 'ies'}  ${String(agentFiles(s.dir).length).padStart(3)} agent file(s)  last write ${age(s.newestMs)}${doc?.final ? '  (ended)' : ''}`,
    );
  }
}
