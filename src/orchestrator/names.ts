// Names of the orchestrator skill's files that a command line takes as arguments (schemas.ts
// re-exports them): constants only, no schema.

export const TASK_STATUS = ['pending', 'in_progress', 'completed'] as const;
export type TaskStatus = (typeof TASK_STATUS)[number];

export const KNOWLEDGE_FIELDS = ['patterns', 'decisions', 'pitfalls'] as const;
export type KnowledgeField = (typeof KNOWLEDGE_FIELDS)[number];
