// SubagentStart: when the agent type maps to an orchestrator role and a session is active for the
// project, inject exactly that role's context (DESIGN §9). Cheap for everyone else: a config
// lookup, a string match and one existsSync; yaml is only loaded past that point.
// Only paths.js is loaded up front: without a session file for the project nothing else is.
import { existsSync } from 'node:fs';
import { getSection } from '../store/config.js';
import { truncate } from '../shared/redact.js';
import type { HandlerTable, HookDeps, HookInput, HookResult } from '../hooks/types.js';
import type { RoleContext } from './context.js';
import { orchPaths } from './paths.js';
import type { OrchestratorConfigT, Role } from './schemas.js';

export async function orchestratorConfig(deps: Pick<HookDeps, 'config'>): Promise<OrchestratorConfigT> {
  const { OrchestratorConfig } = await import('./schemas.js');
  return getSection(deps.config, 'orchestrator', OrchestratorConfig);
}

export function formatInjection(ctx: RoleContext, max: number): string {
  const where = [ctx.ids.request, ctx.ids.task, ctx.ids.subtask].filter(Boolean).join('/');
  const head = `[self-gen orchestrator] role: ${ctx.role} · ${where}`;
  const body = [head, ...ctx.warnings, ctx.text].filter(Boolean).join('\n\n');
  return truncate(body, max, '\n… (truncated)');
}

export async function injectRoleContext(input: HookInput, deps: HookDeps): Promise<HookResult | null> {
  const p = orchPaths(deps.project.path);
  if (!existsSync(p.sessionFile) && !existsSync(`${p.sessionFile}.bak`)) return null;
  const cfg = await orchestratorConfig(deps);
  if (!cfg.enabled) return null;
  const { roleForAgentType } = await import('./roles.js');
  const role: Role | null = roleForAgentType(input.agent_type, cfg);
  if (!role) return null;
  const [{ buildRoleContext }, { readSession }, { OrchError }] = await Promise.all([
    import('./context.js'),
    import('./store.js'),
    import('./errors.js'),
  ]);
  try {
    const s = readSession(p);
    if (!s || s.value.status !== 'active') return null;
    const ctx = await buildRoleContext(
      {
        projectRoot: p.projectRoot,
        projectName: deps.project.name,
        cfg,
        locale: deps.config.locale === 'en' ? 'en' : 'ko',
        db: deps.db,
      },
      { role },
    );
    return { additionalContext: formatInjection(ctx, cfg.maxContextChars) };
  } catch (e) {
    if (!(e instanceof OrchError)) throw e;
    // An invalid or missing contract is never half-used: say what is wrong instead.
    const lines = [`[self-gen orchestrator] role: ${role} · context unavailable`, e.message];
    if (e.fix) lines.push(`fix: ${e.fix}`);
    lines.push('check with: self-gen orch validate');
    return { additionalContext: truncate(lines.join('\n'), 2000) };
  }
}

export const orchestratorHandlers: HandlerTable = {
  SubagentStart: [{ name: 'orchestrator-context', run: injectRoleContext }],
};
