// SubagentStart: when the agent type is one of the orchestrator skill's agents and the skill's
// session is active for the project, inject exactly that role's context (docs/orchestrator.md).
// `qa-engineer` plays the QA role the current subtask's phase names (test_first / verification);
// in any other phase it gets nothing. Cheap for everyone else: a config lookup, a string match and
// one existsSync; yaml is only loaded past that point.
// SubagentStop: our bookkeeping (implementer runs, failing test results, the session's tasks) goes
// into OUR ledger under the data home. Neither hook writes anything into the skill's folders.
import { existsSync } from 'node:fs';
import { getSection } from '../common/config.js';
import { capContext, quoteBlock, quoteInline } from '../common/quote.js';
import type { HandlerTable, HookDeps, HookInput, HookResult } from '../hook/contract/types.js';
import type { RoleContext } from './context.js';
import { orchPaths, type OrchPaths } from './paths.js';
import type { OrchestratorConfigT, Role, StateFileT } from './schemas.js';

export async function orchestratorConfig(deps: Pick<HookDeps, 'config'>): Promise<OrchestratorConfigT> {
  return getSection(deps.config, 'orchestrator');
}

/** The request/task/subtask ids as our words show them (ids that are not plain ids are quoted). */
function where(ids: RoleContext['ids']): string {
  const plain = [ids.request, ids.task, ids.subtask].filter(Boolean).join('/');
  return /^[A-Za-z0-9/-]*$/.test(plain) && plain.length <= 60 ? plain : quoteInline(plain, 120);
}

/** Warnings name files, fields and values of the skill's files: quoted as data. */
function warningBlock(warnings: string[]): string {
  return warnings.length ? `warnings (quoted):\n${quoteBlock(warnings.join('\n'), { max: 2000 })}` : '';
}

/** The hook's context: our head line, the warnings, the rendered template; cut without leaving a quote open. */
export function formatInjection(ctx: RoleContext, max: number): string {
  const head = `[self-gen orchestrator] role: ${ctx.role} · ${where(ctx.ids)}`;
  const body = [head, warningBlock(ctx.warnings), ctx.text].filter(Boolean).join('\n\n');
  return capContext(body, max, '\n… (truncated)');
}

/** The phase of the current subtask in state.json (null when there is none). */
export function currentPhase(state: StateFileT | null) {
  const tid = state?.request.current_task;
  const t = tid ? state?.tasks[tid] : undefined;
  const sid = t?.current_subtask;
  return (sid && t?.subtasks[sid]?.phase) || null;
}

function hasSession(p: OrchPaths): boolean {
  return existsSync(p.sessionFile);
}

export async function injectRoleContext(input: HookInput, deps: HookDeps): Promise<HookResult | null> {
  const p = orchPaths(deps.project.path, deps.env);
  if (!hasSession(p)) return null;
  const cfg = await orchestratorConfig(deps);
  if (!cfg.enabled) return null;
  const { rolesForAgentType, roleForAgentType } = await import('./roles.js');
  const candidates = rolesForAgentType(input.agent_type, cfg);
  if (!candidates.length) return null;
  const [{ buildRoleContext }, { readSession, readState }, { OrchError }] = await Promise.all([
    import('./context.js'),
    import('./file-store.js'),
    import('./errors.js'),
  ]);
  let role: Role | null = candidates.length === 1 ? candidates[0]! : null;
  try {
    const s = readSession(p);
    if (!s || s.value.status !== 'active') return null;
    const state = readState(p)?.value ?? null;
    role = roleForAgentType(input.agent_type, cfg, currentPhase(state));
    if (!role) return null; // qa-engineer outside test_first / verification: say nothing
    const ctx = await buildRoleContext(
      {
        projectRoot: p.projectRoot,
        projectName: deps.project.name,
        cfg,
        locale: deps.config.locale === 'en' ? 'en' : 'ko',
        db: deps.db,
        env: deps.env,
      },
      { role },
    );
    return { additionalContext: formatInjection(ctx, cfg.maxContextChars) };
  } catch (e) {
    if (!(e instanceof OrchError)) throw e;
    // An invalid or missing file is never half-used: say what is wrong instead.
    // (the message names files and fields of the skill's files: quoted)
    const lines = [
      `[self-gen orchestrator] role: ${role ?? candidates.join('/')} · context unavailable`,
      quoteBlock(e.message, { max: 1200 }),
    ];
    if (e.fix) lines.push(`fix: ${quoteInline(e.fix, 300)}`);
    lines.push('check with: self-gen orch validate');
    return { additionalContext: capContext(lines.join('\n'), 2000) };
  }
}

/** SubagentStop of an orchestrator agent: count the run in our ledger (never in the skill's files). */
export async function recordRun(input: HookInput, deps: HookDeps): Promise<null> {
  const p = orchPaths(deps.project.path, deps.env);
  if (!hasSession(p)) return null;
  const cfg = await orchestratorConfig(deps);
  if (!cfg.enabled) return null;
  const { rolesForAgentType, roleForAgentType } = await import('./roles.js');
  if (!rolesForAgentType(input.agent_type, cfg).length) return null;
  const [{ readSession, readState, readContract }, ledger] = await Promise.all([
    import('./file-store.js'),
    import('./ledger.js'),
  ]);
  try {
    const s = readSession(p)?.value;
    if (!s) return null;
    const state = readState(p)?.value ?? null;
    const l = ledger.readLedger(p);
    const e = ledger.observe(l, s, state, deps.now());
    const role = roleForAgentType(input.agent_type, cfg, currentPhase(state));
    const tid = state?.request.current_task;
    const sid = tid ? state?.tasks[tid]?.current_subtask : null;
    if (state && tid && sid) {
      const key = ledger.subtaskKey(state.request.id, tid, sid);
      if (role === 'implementer') ledger.bump(e, key, (c) => (c.implementer_runs += 1));
      if (role === 'qa-verification') {
        const r = await readContract(p, 'test-result', {
          request: state.request.id,
          task: tid,
          subtask: sid,
        }).catch(() => null);
        if (r?.value.execution.result === 'fail')
          ledger.bump(e, key, (c) => c.failed_results.push(r.value.execution.timestamp));
      }
    }
    ledger.writeLedger(p, l);
  } catch (err) {
    deps.log(`orchestrator: ledger not updated: ${String(err)}`);
  }
  return null;
}

export const orchestratorHandlers: HandlerTable = {
  SubagentStart: [{ name: 'orchestrator-context', run: injectRoleContext }],
  SubagentStop: [{ name: 'orchestrator-ledger', run: recordRun }],
};
