// Schemas of every orchestrator file (zod/mini: this module is reachable from the hook bundle) and
// of the `orchestrator` section of config.json. The required fields are documented in
// the README ("Orchestrator context", "Files"); issues are turned into "file: field: message" lines by
// formatIssues().
import * as z from 'zod/mini';
import { REQUEST_ID_RE, SAFE_ID_RE } from './paths.js';

// ---------------------------------------------------------------- building blocks

const Text = z.string().check(z.minLength(1));
const ReqId = z.string().check(z.regex(REQUEST_ID_RE));
const Id = z.string().check(z.regex(SAFE_ID_RE));
const Count = z.number().check(z.int(), z.minimum(0));
const Iso = z.iso.datetime();
const Strings = z.array(z.string());

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

// ---------------------------------------------------------------- session.json

export const RequestStatus = z.enum(['open', 'replan', 'merged', 'done', 'failed']);

export const RequestEntry = z.looseObject({
  id: ReqId,
  /** The user's original request, as given to the planner. */
  request: z.string(),
  status: RequestStatus,
  created_at: Iso,
});

export const PastSession = z.looseObject({
  session_id: Text,
  status: z.enum(['completed', 'aborted']),
  started_at: Iso,
  ended_at: Iso,
  requests: z.array(ReqId),
});

export const SessionFile = z.looseObject({
  version: z.literal(1),
  session_id: Text,
  project_root: Text,
  project_name: z.string(),
  hash: z.string().check(z.regex(/^[0-9a-f]{8}$/)),
  status: z.enum(['active', 'completed', 'aborted']),
  started_at: Iso,
  updated_at: Iso,
  ended_at: z.optional(Iso),
  manifest: z.looseObject({
    /** CLAUDE.md of the project (relative to the project root or absolute), or null. */
    claude_md: z.nullable(z.string()),
    /** Reference projects the user named (optional input of Code Explore). */
    reference_projects: z._default(Strings, []),
  }),
  requests: z._default(z.array(RequestEntry), []),
  current_request: z.nullable(ReqId),
  /** Earlier orchestrator sessions of this project (the memory-search triggers look at them). */
  history: z._default(z.array(PastSession), []),
});
export type SessionFileT = z.infer<typeof SessionFile>;

// ---------------------------------------------------------------- state.json (version 2)

export const WorkStatus = z.enum(['pending', 'in_progress', 'done', 'failed']);
export type WorkStatusT = z.infer<typeof WorkStatus>;

export const SubtaskState = z.looseObject({
  title: z.string(),
  description: z.optional(z.string()),
  files: z._default(Strings, []),
  status: WorkStatus,
  retries: z.object({ implementation: Count, design: Count }),
  test_failures: Count,
  last_result: z.optional(z.enum(['passed', 'failed'])),
  updated_at: z.optional(Iso),
});
export type SubtaskStateT = z.infer<typeof SubtaskState>;

export const TaskState = z.looseObject({
  title: z.string(),
  domain: z.optional(z.string()),
  status: WorkStatus,
  subtask_order: z.array(Id),
  subtasks: z.record(Id, SubtaskState),
});
export type TaskStateT = z.infer<typeof TaskState>;

export const StateFile = z.looseObject({
  version: z.literal(2),
  request_id: z.nullable(ReqId),
  status: z.enum(['idle', 'in_progress', 'done', 'failed']),
  task_order: z.array(Id),
  current_task: z.nullable(Id),
  current_subtask: z.nullable(Id),
  tasks: z.record(Id, TaskState),
  created_at: Iso,
  updated_at: Iso,
});
export type StateFileT = z.infer<typeof StateFile>;

// ---------------------------------------------------------------- knowledge.yaml

const KnowledgeEntry = z.union([Text, z.looseObject({ text: Text, source: z.optional(z.string()) })]);
export type KnowledgeEntryT = z.infer<typeof KnowledgeEntry>;

export const KnowledgeFile = z.looseObject({
  patterns: z._default(z.array(KnowledgeEntry), []),
  decisions: z._default(z.array(KnowledgeEntry), []),
  pitfalls: z._default(z.array(KnowledgeEntry), []),
});
export type KnowledgeFileT = z.infer<typeof KnowledgeFile>;
export const KNOWLEDGE_FIELDS = ['patterns', 'decisions', 'pitfalls'] as const;
export type KnowledgeField = (typeof KNOWLEDGE_FIELDS)[number];

// ---------------------------------------------------------------- contracts

export const ExploredFile = z.looseObject({
  path: Text,
  summary: z.optional(z.string()),
  symbols: z.optional(Strings),
});
export type ExploredFileT = z.infer<typeof ExploredFile>;

export const Explored = z.looseObject({
  request_id: ReqId,
  summary: z.optional(z.string()),
  explored_files: z.array(ExploredFile),
  patterns: z.optional(Strings),
});
export type ExploredT = z.infer<typeof Explored>;

export const Assumption = z.looseObject({
  id: Text,
  statement: Text,
  /** Files the assumption is about (also taken from the statement text). */
  files: z.optional(Strings),
  /** Symbols that must appear in those files' explored symbols/summary. */
  symbols: z.optional(Strings),
  /** `absent`: the assumption is that the files/symbols do NOT exist yet. */
  expect: z.optional(z.enum(['present', 'absent'])),
  /** Tasks the assumption concerns (its correction goes into their design-briefs). */
  tasks: z.optional(z.array(Id)),
});
export type AssumptionT = z.infer<typeof Assumption>;

export const PlannedSubtask = z.looseObject({
  id: Id,
  title: Text,
  description: z.optional(z.string()),
  files: z.optional(Strings),
  depends_on: z.optional(z.array(Id)),
});

export const PlannedTask = z.looseObject({
  id: Id,
  title: Text,
  domain: z.optional(z.string()),
  description: z.optional(z.string()),
  files: z.optional(Strings),
  keywords: z.optional(Strings),
  scope_in: z.optional(Strings),
  scope_out: z.optional(Strings),
  depends_on: z.optional(z.array(Id)),
  subtasks: z.array(PlannedSubtask).check(z.minLength(1)),
});
export type PlannedTaskT = z.infer<typeof PlannedTask>;

export const TaskBreakdown = z.looseObject({
  request_id: ReqId,
  request: z.optional(z.string()),
  assumptions: z.array(Assumption),
  tasks: z.array(PlannedTask).check(z.minLength(1)),
});
export type TaskBreakdownT = z.infer<typeof TaskBreakdown>;

export const FileRef = z.looseObject({
  path: Text,
  exists: z.boolean(),
  summary: z.optional(z.string()),
  symbols: z.optional(Strings),
  reason: z.optional(z.string()),
});

export const DesignBrief = z.looseObject({
  request_id: ReqId,
  task_id: Id,
  title: Text,
  domain: z.optional(z.string()),
  description: z.optional(z.string()),
  scope_in: Strings,
  scope_out: Strings,
  subtask_order: z.array(Id).check(z.minLength(1)),
  subtasks: z.optional(
    z.array(
      z.looseObject({
        id: Id,
        title: z.string(),
        description: z.optional(z.string()),
        files: z.optional(Strings),
      }),
    ),
  ),
  file_refs: z.array(FileRef),
  corrections: z.optional(
    z.array(z.looseObject({ assumption: z.string(), statement: z.string(), correction: z.string() })),
  ),
  created_at: z.optional(z.string()),
});
export type DesignBriefT = z.infer<typeof DesignBrief>;

export const DesignContract = z.looseObject({
  request_id: ReqId,
  task_id: Id,
  summary: z.optional(z.string()),
  interfaces: z.array(
    z.looseObject({ name: Text, signature: z.optional(z.string()), file: z.optional(z.string()) }),
  ),
  /** Conditions every implementation must keep; QA verification receives only these. */
  invariants: z.array(Text),
  decisions: z.optional(z.array(KnowledgeEntry)),
  subtasks: z.optional(
    z.array(z.looseObject({ id: Id, files: z.optional(Strings), notes: z.optional(z.string()) })),
  ),
});
export type DesignContractT = z.infer<typeof DesignContract>;

export const TestContract = z.looseObject({
  request_id: ReqId,
  task_id: Id,
  subtask_id: Id,
  /** The test file QA wrote first; the implementer receives its content. */
  test_file_path: Text,
  test_command: z.optional(z.string()),
  cases: z.array(z.looseObject({ name: Text, expected: Text })).check(z.minLength(1)),
});
export type TestContractT = z.infer<typeof TestContract>;

export const TestResult = z.looseObject({
  request_id: ReqId,
  task_id: Id,
  subtask_id: Id,
  status: z.enum(['passed', 'failed']),
  summary: z.optional(z.string()),
  failures: z.optional(z.array(z.looseObject({ case: z.optional(z.string()), message: Text }))),
  invariants: z.optional(z.array(z.looseObject({ invariant: Text, holds: z.boolean() }))),
  files_changed: z.optional(Strings),
  verified_at: z.optional(z.string()),
});
export type TestResultT = z.infer<typeof TestResult>;

export const MergeReport = z.looseObject({
  request_id: ReqId,
  merged_at: Iso,
  mismatch_ratio: z.number(),
  replan: z.boolean(),
  assumptions: z.array(
    z.looseObject({
      id: z.string(),
      statement: z.string(),
      verdict: z.enum(['match', 'mismatch', 'unverified']),
      correction: z.optional(z.string()),
    }),
  ),
  briefs: z.array(z.string()),
});
export type MergeReportT = z.infer<typeof MergeReport>;

export const CONTRACT_SCHEMAS = {
  explored: Explored,
  'task-breakdown': TaskBreakdown,
  'design-brief': DesignBrief,
  'design-contract': DesignContract,
  'test-contract': TestContract,
  'test-result': TestResult,
} as const;

export interface ContractTypes {
  explored: ExploredT;
  'task-breakdown': TaskBreakdownT;
  'design-brief': DesignBriefT;
  'design-contract': DesignContractT;
  'test-contract': TestContractT;
  'test-result': TestResultT;
}

// ---------------------------------------------------------------- config.json → "orchestrator"

const RolePatterns = z.array(z.string().check(z.minLength(1)));

export const OrchestratorConfig = z.object({
  /** Automatic injection on SubagentStart (the CLI works either way). */
  enabled: z._default(z.boolean(), true),
  /** agent_type patterns per role (`includes`, case-insensitive); replaces that role's defaults. */
  roles: z._default(
    z.object({
      'code-explore': z.optional(RolePatterns),
      planner: z.optional(RolePatterns),
      architect: z.optional(RolePatterns),
      'qa-test-first': z.optional(RolePatterns),
      implementer: z.optional(RolePatterns),
      'qa-verification': z.optional(RolePatterns),
    }),
    {},
  ),
  /** An extra template folder (absolute, or relative to the project root). */
  templatesDir: z.optional(z.string()),
  /** Retries per kind (implementation, design) before a subtask is failed. */
  maxRetries: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(10)), 3),
  /** Share of mismatched assumptions that asks for a re-plan. */
  replanThreshold: z._default(z.number().check(z.minimum(0.01), z.maximum(1)), 0.5),
  /** Cap of the injected context (characters); the hook output is capped at 10,000 anyway. */
  maxContextChars: z._default(z.number().check(z.int(), z.minimum(1000), z.maximum(10000)), 9000),
  memorySearch: z._default(
    z.object({
      enabled: z._default(z.boolean(), true),
      /** Search this system's own database (events FTS, error KB) and past contracts. */
      local: z._default(z.boolean(), true),
      limit: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(20)), 3),
      maxChars: z._default(z.number().check(z.int(), z.minimum(200), z.maximum(8000)), 2000),
    }),
    { enabled: true, local: true, limit: 3, maxChars: 2000 },
  ),
  claudeMem: z._default(
    z.object({
      enabled: z._default(z.boolean(), true),
      host: z._default(z.string(), '127.0.0.1'),
      port: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(65535)), 37777),
      timeoutMs: z._default(z.number().check(z.int(), z.minimum(10), z.maximum(5000)), 300),
    }),
    { enabled: true, host: '127.0.0.1', port: 37777, timeoutMs: 300 },
  ),
});
export type OrchestratorConfigT = z.infer<typeof OrchestratorConfig>;

// ---------------------------------------------------------------- issues → messages

export interface FieldIssue {
  /** The file (relative to the project root where possible). */
  file: string;
  /** A path into the document: `tasks[0].subtasks[1].title`; '' for the whole file. */
  field: string;
  message: string;
}

export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += (out ? '.' : '') + String(p);
  }
  return out;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let cur = input;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[p as PropertyKey];
  }
  return cur;
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  return `${typeof v} ${JSON.stringify(v)?.slice(0, 40)}`;
}

interface LooseIssue {
  code?: string;
  path: readonly PropertyKey[];
  message?: string;
  expected?: string;
  values?: unknown[];
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
  pattern?: string;
  keys?: string[];
}

/** A readable message for one zod issue (zod/mini only says "Invalid input"). */
export function issueMessage(issue: LooseIssue, input: unknown): string {
  const v = valueAt(input, issue.path);
  if (v === undefined) {
    if (issue.code === 'invalid_type') return `required (${issue.expected ?? 'value'})`;
    if (issue.code === 'invalid_value')
      return `required (one of ${(issue.values ?? []).map((x) => JSON.stringify(x)).join(', ')})`;
    if (issue.code === 'invalid_union') return 'required';
  }
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${issue.expected === 'array' ? 'a list' : issue.expected === 'object' ? 'a mapping' : `a ${issue.expected}`} (got ${kindOf(v)})`;
    case 'invalid_value':
      return `must be one of ${(issue.values ?? []).map((x) => JSON.stringify(x)).join(', ')} (got ${kindOf(v)})`;
    case 'too_small':
      if (issue.origin === 'array') return `must have at least ${String(issue.minimum)} item(s)`;
      if (issue.origin === 'string') return 'must not be empty';
      return `must be ≥ ${String(issue.minimum)}`;
    case 'too_big':
      return `must be ≤ ${String(issue.maximum)}`;
    case 'invalid_format':
      if (issue.format === 'regex')
        return `invalid value ${kindOf(v)} (must match ${issue.pattern ?? 'the id pattern'})`;
      return `must be ${issue.format === 'datetime' ? 'an ISO 8601 UTC timestamp' : `a ${issue.format}`} (got ${kindOf(v)})`;
    case 'invalid_union':
      return `must be a string or a mapping with "text" (got ${kindOf(v)})`;
    case 'invalid_key':
      return `invalid key (must match the id pattern)`;
    case 'unrecognized_keys':
      return `unknown key(s): ${(issue.keys ?? []).join(', ')}`;
    default:
      return issue.message && issue.message !== 'Invalid input' ? issue.message : 'invalid value';
  }
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

export function parseWith<S extends z.ZodMiniType>(
  schema: S,
  input: unknown,
  file: string,
): ParseResult<z.infer<S>> {
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, value: r.data as z.infer<S> };
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  for (const i of r.error.issues as unknown as LooseIssue[]) {
    const field = fieldPath(i.path);
    const message = issueMessage(i, input);
    const key = `${field}\0${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ file, field, message });
  }
  return { ok: false, issues };
}
