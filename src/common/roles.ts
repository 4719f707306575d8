// The orchestrator skill's roles: names only (the config registry and orchestrator/schemas.ts
// re-export them), so a command declaration can list them without loading any schema.

export const ROLES = [
  'code-explore',
  'planner',
  'architect',
  'qa-test-first',
  'implementer',
  'qa-verification',
] as const;
export type Role = (typeof ROLES)[number];

export function isRole(v: string): v is Role {
  return (ROLES as readonly string[]).includes(v);
}
