// `self-gen shared-context show [session]`: a session's summary, or what one agent type is given.
import { join } from 'node:path';
import { loadConfig } from '../../../common/config.js';
import {
  categoriesFor,
  resolveConfig,
  parseSummary,
  agentFileRel,
  agentFiles,
  readText,
  STORE_DIR,
  SUMMARY_FILE,
  type SessionInfo,
  buildContext,
  filterEntries,
  strings,
} from '../../../shared-context/index.js';
import { CliError } from '../../errors.js';
import { pickSession, projectOf } from './common.js';

export interface ScShowOptions {
  agentType?: string;
  project?: string;
  json?: boolean;
}

/** Exactly what SubagentStart would inject into `agentType`, with how it was filtered. */
function printInjected(
  project: string,
  s: SessionInfo,
  doc: ReturnType<typeof parseSummary>,
  agentType: string,
): void {
  const cfg = resolveConfig(loadConfig(), project);
  const match = categoriesFor(agentType, cfg);
  const filtered = filterEntries(doc.entries, match.categories);
  const injected = buildContext(filtered, {
    maxChars: cfg.maxChars,
    session: s.session,
    locale: cfg.locale,
    agentType,
    filteredBy: match.key !== null ? match.categories : null,
    summaryRel: `${STORE_DIR}/${s.session}/${SUMMARY_FILE}`,
  });
  const rel = agentFileRel(s.session, agentType, '<agent-id>');
  const instruction = strings(cfg.locale).instruction(join(project, rel), rel);
  console.log(
    `# categories for ${agentType}: ${match.categories.join(', ') || '(none)'} (${match.key ? `filter "${match.key}"` : 'defaultCategories'})`,
  );
  console.log(
    `# ${injected ? `${injected.kept} entr${injected.kept === 1 ? 'y' : 'ies'} kept, ${injected.omitted} left out, ${injected.context.length}/${cfg.maxChars} characters` : 'nothing to inject'}`,
  );
  if (injected) console.log(`\n${injected.context}\n\n${instruction}`);
  else if (cfg.instructWhenEmpty) console.log(`\n${instruction}`);
}

export function runScShow([session]: [string | undefined], o: ScShowOptions): void {
  const project = projectOf(o.project);
  const s = pickSession(project, session);
  const text = readText(join(s.dir, SUMMARY_FILE));
  if (text === null) {
    const files = agentFiles(s.dir);
    throw new CliError(
      `session ${s.session} has no ${SUMMARY_FILE} yet (${files.length} agent file(s))`,
      'it is written by the first SubagentStop; agent files are merged into it at SessionEnd',
    );
  }
  const doc = parseSummary(text);
  if (o.json) console.log(JSON.stringify({ ...doc, folder: s.session, dir: s.dir }, null, 2));
  else if (!o.agentType) process.stdout.write(text.endsWith('\n') ? text : text + '\n');
  else printInjected(project, s, doc, o.agentType);
}
