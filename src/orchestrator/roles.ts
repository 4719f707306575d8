// The six roles of seed 003, their level in the Request → Task → Subtask hierarchy, the template
// variables each one receives (exactly the seed's table, nothing another role gets), and the
// mapping from a subagent's agent_type to a role. The real skill's agents are `code-explore`,
// `planner`, `architect`, `qa-engineer` (both QA roles: the current subtask's phase decides) and
// `implementer`, plain or plugin-qualified (`claude-devkit:implementer`).
import { ROLES, type OrchestratorConfigT, type Phase, type Role } from './schemas.js';

export type Level = 'request' | 'task' | 'subtask';

export interface RoleSpec {
  level: Level;
  /** The variables the role's template may use; anything else renders empty. */
  vars: readonly string[];
  /** The contract the role produces (the seed's "출력 경로"), if any. */
  output?: 'explored' | 'task-breakdown' | 'design-contract' | 'test-contract' | 'test-result';
  /** Default agent names (plain, or `<plugin>:<name>`; case-insensitive). */
  patterns: readonly string[];
}

export const ROLE_SPECS: Record<Role, RoleSpec> = {
  // Code Explore: project path (orchestrator) + reference projects (user, optional). Minimal context.
  'code-explore': {
    level: 'request',
    vars: ['role', 'request_id', 'project_path', 'reference_projects', 'output_path'],
    output: 'explored',
    patterns: ['code-explore'],
  },
  // Planner: project path, CLAUDE.md content (path from session.json manifest), the user's request
  // (state.json request.original_request). No explored files (it runs in parallel with Code Explore).
  planner: {
    level: 'request',
    vars: [
      'role',
      'request_id',
      'project_path',
      'claude_md',
      'claude_md_path',
      'user_request',
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
    patterns: ['qa-engineer'],
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
    patterns: ['implementer'],
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
    patterns: ['qa-engineer'],
  },
};

/** Every variable any role can use (for template checks). */
export const ALL_VARS: ReadonlySet<string> = new Set(Object.values(ROLE_SPECS).flatMap((s) => s.vars));

export function rolePatterns(role: Role, cfg?: Pick<OrchestratorConfigT, 'roles'>): readonly string[] {
  return cfg?.roles?.[role] ?? ROLE_SPECS[role].patterns;
}

/** `implementer` matches `implementer` and `claude-devkit:implementer` (any plugin), nothing else. */
export function nameMatches(agentType: string, name: string): boolean {
  const t = agentType.trim().toLowerCase();
  const n = name.trim().toLowerCase();
  if (!n) return false;
  return t === n || (t.endsWith(`:${n}`) && t.indexOf(':') === t.length - n.length - 1);
}

/** The QA role a `qa-engineer` run plays, from the current subtask's phase; null in other phases. */
export function qaRoleForPhase(phase: Phase | null | undefined): Role | null {
  if (phase === 'test_first') return 'qa-test-first';
  if (phase === 'verification') return 'qa-verification';
  return null;
}

/**
 * The roles an agent_type can play (before the phase is known): every role one of whose names
 * matches. `qa-engineer` → [qa-test-first, qa-verification].
 */
export function rolesForAgentType(
  agentType: string | undefined,
  cfg?: Pick<OrchestratorConfigT, 'roles'>,
): Role[] {
  if (!agentType) return [];
  return ROLES.filter((role) => rolePatterns(role, cfg).some((n) => nameMatches(agentType, n)));
}

/**
 * The role of a run: one candidate → that role; both QA roles → the subtask's phase decides
 * (`test_first` / `verification`; any other phase → null: say nothing rather than guess); any
 * other ambiguity → null.
 */
export function roleForAgentType(
  agentType: string | undefined,
  cfg?: Pick<OrchestratorConfigT, 'roles'>,
  phase?: Phase | null,
): Role | null {
  const roles = rolesForAgentType(agentType, cfg);
  if (roles.length === 1) return roles[0]!;
  if (roles.length === 2 && roles.includes('qa-test-first') && roles.includes('qa-verification'))
    return qaRoleForPhase(phase);
  return null;
}
