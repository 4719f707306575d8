// The six roles of seed 003, their level in the Request → Task → Subtask hierarchy, the template
// variables each one receives (exactly the seed's table, nothing another role gets), and the
// mapping from a subagent's agent_type to a role.
import { ROLES, type OrchestratorConfigT, type Role } from './schemas.js';

export type Level = 'request' | 'task' | 'subtask';

export interface RoleSpec {
  level: Level;
  /** The variables the role's template may use; anything else renders empty. */
  vars: readonly string[];
  /** The contract the role produces (the seed's "출력 경로"), if any. */
  output?: 'explored' | 'task-breakdown' | 'design-contract' | 'test-contract' | 'test-result';
  /** Default agent_type patterns (`includes`, case-insensitive). */
  patterns: readonly string[];
}

export const ROLE_SPECS: Record<Role, RoleSpec> = {
  // Code Explore: project path (orchestrator) + reference projects (user, optional). Minimal context.
  'code-explore': {
    level: 'request',
    vars: ['role', 'request_id', 'project_path', 'reference_projects', 'output_path'],
    output: 'explored',
    patterns: ['code-explore', 'code-explorer'],
  },
  // Planner: project path, CLAUDE.md content (path from session.json manifest), the user's request.
  // No explored files (it runs in parallel with Code Explore) — except on a re-plan, where the
  // explored files and the corrections are injected (the seed's "explored 주입, 순차 모드").
  planner: {
    level: 'request',
    vars: [
      'role',
      'request_id',
      'project_path',
      'claude_md',
      'claude_md_path',
      'user_request',
      'replan',
      'output_path',
    ],
    output: 'task-breakdown',
    patterns: ['planner'],
  },
  // Architect: design-brief, knowledge → patterns, knowledge → decisions, (secondary) past context.
  architect: {
    level: 'task',
    vars: [
      'role',
      'request_id',
      'task_id',
      'design_brief',
      'patterns',
      'decisions',
      'mem_context',
      'output_path',
    ],
    output: 'design-contract',
    patterns: ['architect'],
  },
  // QA (test first): design-contract, state.json → current_subtask.
  'qa-test-first': {
    level: 'subtask',
    vars: [
      'role',
      'request_id',
      'task_id',
      'subtask_id',
      'design_contract',
      'current_subtask',
      'mem_context',
      'output_path',
    ],
    output: 'test-contract',
    patterns: ['qa-test-first', 'test-first'],
  },
  // Implementer: design-contract, test-contract, knowledge → pitfalls, the test code
  // (test_file_path from the test-contract), state.json → current_subtask.
  implementer: {
    level: 'subtask',
    vars: [
      'role',
      'request_id',
      'task_id',
      'subtask_id',
      'design_contract',
      'test_contract',
      'pitfalls',
      'test_file_path',
      'test_code',
      'current_subtask',
      'mem_context',
    ],
    patterns: ['implementer', 'executor'],
  },
  // QA (verification): test-contract, design-contract → invariants only, state.json → current_subtask.
  'qa-verification': {
    level: 'subtask',
    vars: [
      'role',
      'request_id',
      'task_id',
      'subtask_id',
      'test_contract',
      'invariants',
      'current_subtask',
      'mem_context',
      'output_path',
    ],
    output: 'test-result',
    patterns: ['qa-verification', 'verifier'],
  },
};

/** Every variable any role can use (for template checks). */
export const ALL_VARS: ReadonlySet<string> = new Set(Object.values(ROLE_SPECS).flatMap((s) => s.vars));

export function rolePatterns(role: Role, cfg?: Pick<OrchestratorConfigT, 'roles'>): readonly string[] {
  return cfg?.roles?.[role] ?? ROLE_SPECS[role].patterns;
}

/**
 * The role an agent_type maps to: a role's pattern must be contained in the agent type
 * (case-insensitive), so `oh-my-claudecode:architect` → architect. When several match, the longest
 * pattern wins (`qa-test-first` beats `test-first`). Config patterns replace a role's defaults.
 */
export function roleForAgentType(
  agentType: string | undefined,
  cfg?: Pick<OrchestratorConfigT, 'roles'>,
): Role | null {
  if (!agentType) return null;
  const t = agentType.toLowerCase();
  let best: { role: Role; len: number } | null = null;
  for (const role of ROLES) {
    for (const p of rolePatterns(role, cfg)) {
      const pat = p.toLowerCase();
      if (pat && t.includes(pat) && (!best || pat.length > best.len)) best = { role, len: pat.length };
    }
  }
  return best?.role ?? null;
}
