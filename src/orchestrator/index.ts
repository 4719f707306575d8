// The orchestrator's public surface (seed 003, DESIGN §9).
export { orchestratorHandlers, injectRoleContext } from './handlers.js';
export { buildRoleContext, type RoleContext, type ContextOptions, type OrchEnv } from './context.js';
export { OrchError, formatIssue } from './errors.js';
export {
  evaluateTriggers,
  runMemorySearch,
  fallbackWarning,
  type Trigger,
  type TriggerFacts,
} from './memory.js';
export { verifyAssumptions, buildBriefs, initState, mismatchRatio } from './merge.js';
export { orchPaths, projectHash, contractPath, CONTRACT_KINDS, type ContractKind } from './paths.js';
export { ROLE_SPECS, roleForAgentType } from './roles.js';
export { ROLES, OrchestratorConfig, type Role } from './schemas.js';
export { loadTemplate, renderTemplate } from './templates.js';
