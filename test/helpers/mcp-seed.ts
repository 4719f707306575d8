// A data home and project seeded for the MCP tools (#17.1): one KB entry with a fix, tool errors
// in this project and another one, a session's shared context, an analysis with suggestions, and
// the orchestrator skill's files (test/fixtures/orchestrator-real). Every value carries a marker so
// a test can tell which tool answered with which record.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { openDb, type DB } from '../../src/db/db.js';
import { insertEvent } from '../../src/db/events/write.js';
import { normalizeError, extractErrorMessage } from '../../src/error-kb/normalize.js';
import { recordResolution } from '../../src/error-kb/record.js';
import { judgeAll } from './fix-policy.js';
import { storeAnalysis } from '../../src/analysis/cache.js';
import { recordFeedback } from '../../src/analysis/suggestions.js';
import type { StoredSuggestion } from '../../src/analysis/answer.js';
import { renderSummary, type Entry } from '../../src/shared-context/entry.js';
import { sessionPaths } from '../../src/shared-context/file-store.js';
import { orchPaths } from '../../src/orchestrator/paths.js';
import type { StateFileT } from '../../src/orchestrator/schemas.js';
import { REAL, fixtureText, write } from '../helpers/orch-fixtures.js';

export const MCP_MARK = {
  error: 'MCPERRMARK',
  fix: 'MCP-FIX-MARK: run `npm run build` before the tests',
  otherProjectError: 'OTHERPROJMARK',
  finding: 'MCP-FINDING-MARK: the login handler skips the rate limiter',
  suggestion: 'MCP-SUGGESTION-MARK: run the build before the tests',
  skillBody: 'MCP-SKILL-BODY-MARK',
  session: 'mcp-session-0001-aaaa',
  agentId: 'a0mcpagent1',
  file: 'src/widget.ts',
  suggestionId: 'mcps0001abcd',
  dismissedId: 'mcps0002dism',
};

/** The raw error of the seeded KB entry and tool errors (a path and a number that normalisation replaces). */
export const RAW_ERROR = `Error: ${MCP_MARK.error} Cannot find module '/home/dev/proj/dist/widget.js' (code 4711)`;

export interface Seeded {
  kbId: number;
  errorEventId: number;
  otherEventId: number;
  normalized: string;
}

export function seedMcp(env: NodeJS.ProcessEnv, project: { path: string; name: string }): Seeded {
  const db = openDb({ env });
  try {
    return seedDb(db, project);
  } finally {
    db.close();
  }
}

function seedDb(db: DB, project: { path: string; name: string }): Seeded {
  const normalized = normalizeError(extractErrorMessage(RAW_ERROR));
  const t0 = Date.parse('2026-11-20T10:00:00.000Z');
  const kbId = recordResolution(
    db,
    normalized,
    {
      errorRaw: RAW_ERROR,
      resolution: MCP_MARK.fix,
      resolvedBy: 'Bash',
      toolSequence: ['Bash', 'Bash'],
      projectPath: project.path, // typed there (`kb add`): a prose fix is offered in that project
    },
    new Date(t0),
  )!;
  judgeAll(db); // the fix policy's verdict, as `kb add` stores it
  const errorEventId = insertEvent(db, {
    type: 'tool_error',
    ts: new Date(t0 + 1000).toISOString(),
    sessionId: MCP_MARK.session,
    project: project.name,
    projectPath: project.path,
    data: {
      tool: 'Bash',
      error: normalized,
      errorRaw: RAW_ERROR,
      filePath: MCP_MARK.file,
      files: [MCP_MARK.file],
      input: { command: 'npm test' },
    },
    files: [MCP_MARK.file],
    text: `Bash ${RAW_ERROR}`,
  });
  // A file whose name ends like ours but is another file (path components must match).
  insertEvent(db, {
    type: 'tool_error',
    ts: new Date(t0 + 1500).toISOString(),
    sessionId: MCP_MARK.session,
    project: project.name,
    projectPath: project.path,
    data: { tool: 'Edit', error: 'NOTMYFILEMARK old_string not found', errorRaw: 'NOTMYFILEMARK' },
    files: ['src/my-widget.ts'],
  });
  const otherEventId = insertEvent(db, {
    type: 'tool_error',
    ts: new Date(t0 + 2000).toISOString(),
    sessionId: 'other-session',
    project: 'elsewhere',
    projectPath: '/somewhere/elsewhere',
    data: {
      tool: 'Bash',
      error: `${MCP_MARK.otherProjectError} failed`,
      errorRaw: MCP_MARK.otherProjectError,
    },
    files: [MCP_MARK.file],
  });

  const suggestion = (id: string, rule: string, extra: Partial<StoredSuggestion> = {}): StoredSuggestion =>
    ({
      id,
      type: 'skill',
      rule,
      summary: `seen 3× (${id})`,
      project: project.name,
      skill: { name: 'Build first', description: 'Use before tests', body: MCP_MARK.skillBody },
      ...extra,
    }) as StoredSuggestion;
  const open = suggestion(MCP_MARK.suggestionId, MCP_MARK.suggestion);
  const dismissed = suggestion(MCP_MARK.dismissedId, 'DISMISSEDMARK never shown');
  storeAnalysis(
    db,
    {
      project: project.name,
      days: 7,
      inputHash: 'mcp-seed',
      analysis: {
        summary: 'seeded',
        suggestions: [open, dismissed],
        project: project.name,
        days: 7,
        generatedAt: new Date(t0).toISOString(),
        stats: { events: 3, sessions: 1 },
      } as never,
    },
    new Date(),
  );
  recordFeedback(db, dismissed, 'dismissed');
  return { kbId, errorEventId, otherEventId, normalized };
}

/** `_summary.md` of the seeded session, with `n` entries (the marker finding in the newest). */
export function seedSharedContext(projectPath: string, n = 2, itemLength = 60): void {
  const sp = sessionPaths(projectPath, MCP_MARK.session);
  const entries: Entry[] = [];
  for (let i = 0; i < n; i++) {
    const last = i === n - 1;
    entries.push({
      agentType: last ? 'code-reviewer' : 'Explore',
      agentId: last ? MCP_MARK.agentId : `a0older${i}`,
      at: new Date(Date.parse('2026-11-20T10:00:00.000Z') + i * 60_000).toISOString(),
      source: 'agent',
      sections: [
        {
          category: 'findings',
          items: [last ? MCP_MARK.finding : `older finding ${i} ${'x'.repeat(itemLength)}`],
        },
        { category: 'changes', items: [`src/file${i}.ts (Edit) ${'y'.repeat(itemLength)}`] },
      ],
    });
  }
  write(
    sp.dir,
    '_summary.md',
    renderSummary({ session: MCP_MARK.session, updated: new Date().toISOString(), final: false, entries }),
  );
}

/** The orchestrator skill's files of a session in its implementation phase (T1-S1 current). */
export function seedOrchestrator(projectPath: string, env: NodeJS.ProcessEnv): void {
  const p = orchPaths(projectPath, env);
  const f = { root: projectPath, p };
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((n) =>
      statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)],
    );
  for (const abs of files(join(REAL, 'contracts'))) {
    const name = relative(REAL, abs);
    write(p.sessionDir, name, fixtureText(f, name));
  }
  write(p.sessionDir, 'session.json', fixtureText(f, 'session.json'));
  // Quoted: a hash like 4404e791 is a number to YAML (the fixture writes it bare).
  write(
    p.knowledgeDir,
    'knowledge.yaml',
    fixtureText(f, 'knowledge.yaml').replace(/^(\s*hash: )([0-9a-f]+)$/m, '$1"$2"'),
  );
  const s = JSON.parse(fixtureText(f, 'state.json')) as StateFileT;
  s.tasks.T1!.subtasks['T1-S1']!.phase = 'implementation';
  write(p.sessionDir, 'state.json', JSON.stringify(s, null, 2));
  write(projectPath, 'CLAUDE.md', '# rules\nCLAUDEMD-MARK\n');
  write(projectPath, 'test/rate-limit.test.js', '// TEST-CODE-MARK\n');
}
