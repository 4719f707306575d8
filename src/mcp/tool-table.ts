// The MCP tools: pure handlers (args, deps) -> answer, each reusing the owning part's functions
// (KB search, event queries, the shared-context store, the orchestrator's context builder, the
// analysis suggestions). Small answers first: an index with ids and one line each; details by id
// (`detail`). Every answer is bounded (bound.ts). Read-only except `forget_fix`.
//
// Everything shown comes from storage that was redacted when it was written, and every answer is
// redacted again before it is serialised (tool-contract.ts answer, errorAnswer): rows stored by an older
// version may hold secrets. A fix is shown only through the hooks' advice filter (provenance.ts).
import * as z from 'zod';
import { redactDeep } from '../common/redact.js';
import { boundedJson, line } from './bound.js';
import { ToolError, type McpDeps, type ToolAnswer, type ToolDef } from './tool-contract.js';
import { forgetFix, searchErrors } from './tool-handlers/kb.js';
import { fileHistory, recentErrors } from './tool-handlers/errors.js';
import { sessionFindings } from './tool-handlers/session.js';
import { orchestratorContext } from './tool-handlers/orchestrator.js';
import { suggestions } from './tool-handlers/suggestions.js';
import { searchHistoryTool } from './tool-handlers/history.js';

export { ToolError, type McpDeps, type ToolAnswer, type ToolDef } from './tool-contract.js';

export const TOOLS: ToolDef[] = [
  searchErrors,
  recentErrors,
  fileHistory,
  sessionFindings,
  orchestratorContext,
  suggestions,
  searchHistoryTool,
  forgetFix,
];

/** Calls a tool: arguments validated, any failure turned into an error answer (never a throw). */
export async function callTool(name: string, args: unknown, deps: McpDeps): Promise<ToolAnswer> {
  const tool = TOOLS.find((t) => t.name === name);
  if (!tool)
    return errorAnswer(new ToolError(`no tool ${name}`, `use one of ${TOOLS.map((t) => t.name).join(', ')}`));
  const parsed = z.object(tool.shape).safeParse(args ?? {});
  if (!parsed.success)
    return errorAnswer(
      new ToolError(
        `invalid arguments: ${line(z.prettifyError(parsed.error), 300)}`,
        'see the tool description',
      ),
    );
  try {
    return await tool.run(parsed.data, deps);
  } catch (e) {
    return errorAnswer(e, deps);
  }
}

export function errorAnswer(e: unknown, deps?: McpDeps): ToolAnswer {
  return { text: boundedJson(redactDeep(describeFailure(e, deps))), isError: true };
}

function describeFailure(e: unknown, deps?: McpDeps): { error: string; fix: string } {
  if (e instanceof ToolError) return { error: e.message, fix: e.fix };
  const code = (e as { code?: unknown } | null)?.code;
  const msg = line((e as Error)?.message ?? e, 300);
  if (typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB')) {
    if (deps) flagDamaged(deps.env, msg);
    return {
      error: `the self-generation database is damaged (${msg})`,
      fix: 'run `self-gen repair` in a terminal (moves it aside, keeping every readable row), then ask again',
    };
  }
  if (typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')))
    return {
      error: `the self-generation database is locked by another process (${msg})`,
      fix: 'ask again in a few seconds; if it stays locked, see `self-gen doctor`',
    };
  if (code === 'ENOENT' && /no database/.test(msg))
    return {
      error: 'nothing recorded yet: self-generation has no database',
      fix: 'install the hooks (`self-gen install`) and use Claude Code; knowledge appears after the first sessions',
    };
  return { error: `the tool failed: ${msg}`, fix: 'see `self-gen doctor`' };
}

function flagDamaged(env: NodeJS.ProcessEnv, reason: string): void {
  void Promise.all([import('../db/recovery-log.js'), import('../common/paths.js')])
    .then(([r, p]) => r.markNeedsCheck(p.paths(env), reason))
    .catch(() => {});
}
