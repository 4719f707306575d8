// session_findings: the shared context of a session (.claude/shared-context/<session>/_summary.md).
import * as z from 'zod';
import { join } from 'node:path';
import { line } from '../bound.js';
import { answer, defineTool, ToolError } from '../tool-contract.js';
import {
  agentFiles,
  listSessions,
  readText,
  sanitizePart,
  SUMMARY_FILE,
  parseSummary,
} from '../../shared-context/index.js';

export const sessionFindings = defineTool({
  name: 'session_findings',
  title: 'Shared context of a session (what its subagents found and changed)',
  description:
    "What this session's subagents recorded for each other (.claude/shared-context/<session>/ in the " +
    'project): one line per agent entry. The session id is the one in the "Shared context" notes ' +
    'self-generation adds (the digest after a subagent finishes names `.claude/shared-context/<session>/…`; ' +
    'a subagent sees it in its "session …" header). Without session_id: the sessions of this project, ' +
    'newest first. `detail=<agentId>` gives one entry in full. Read-only.',
  shape: {
    session_id: z
      .string()
      .max(200)
      .optional()
      .describe('the session id (or its first 8+ characters); leave out to list the sessions'),
    detail: z.string().max(200).optional().describe('an agent id from the index: that entry in full'),
  },
  readOnly: true,
  async run(a, d) {
    const sessions = listSessions(d.project.path);
    const wanted = (a.session_id ?? '').trim();
    if (!wanted)
      return answer(
        {
          project: d.project.path,
          sessions: sessions.slice(0, 50).map((s) => ({
            session: s.session,
            lastWrite: s.newestMs > 0 ? new Date(s.newestMs).toISOString() : null,
            files: s.files,
          })),
          ...(sessions.length
            ? { hint: 'call again with session_id=<session>' }
            : { note: 'no shared context in this project yet (it is written when a subagent finishes)' }),
        },
        'sessions',
      );
    const key = sanitizePart(wanted, 'session');
    const byPrefix = wanted.length >= 8 ? sessions.filter((s) => s.session.startsWith(key)) : [];
    const s = sessions.find((x) => x.session === key) ?? (byPrefix.length === 1 ? byPrefix[0] : undefined);
    if (!s)
      throw new ToolError(
        `no shared context for session ${line(wanted, 80)} in ${d.project.path}`,
        'list the sessions with session_findings (no session_id); a session gets its folder when one of its subagents finishes',
      );
    const text = readText(join(s.dir, SUMMARY_FILE));
    if (text === null)
      return answer({
        session: s.session,
        entries: [],
        agentFiles: agentFiles(s.dir).slice(0, 50),
        note: `no ${SUMMARY_FILE} yet: it is written when the first subagent of the session finishes`,
      });
    const doc = parseSummary(text);
    if (a.detail !== undefined) {
      const want = a.detail.trim();
      const e = doc.entries.find((x) => x.agentId === want || `${x.agentType}-${x.agentId}` === want);
      if (!e)
        throw new ToolError(
          `session ${s.session} has no entry of agent ${line(want, 80)}`,
          'take an agentId from the index (session_findings with session_id only)',
        );
      return answer({
        session: s.session,
        agentType: e.agentType,
        agentId: e.agentId,
        at: e.at,
        source: e.source,
        sections: e.sections.map((x) => ({ category: x.category, items: x.items })),
      });
    }
    // Newest first: when the answer has to be cut, the oldest entries go.
    const entries = [...doc.entries].reverse().map((e) => {
      const first =
        e.sections.find((x) => x.category === 'findings')?.items[0] ?? e.sections[0]?.items[0] ?? '';
      return {
        agentId: e.agentId,
        agentType: e.agentType,
        at: e.at,
        counts: e.sections.map((x) => `${x.category} ${x.items.length}`).join(', '),
        first: line(first, 200),
      };
    });
    return answer(
      {
        session: s.session,
        ended: doc.final,
        entries,
        ...(entries.length ? { hint: 'call again with detail=<agentId> for an entry in full' } : {}),
      },
      'entries',
    );
  },
});
