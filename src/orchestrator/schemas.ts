// Schemas of the claude-devkit v1.5.2 orchestrator skill's files (docs/orchestrator.md) and of the `orchestrator` section of config.json. zod/mini: this module is
// reachable from the hook bundle.
//
// Two flavours of every file schema, built by one factory:
//   - STRICT (`Real.*`): exactly the fields the skill's storage page defines, no other key. Every
//     file we write is checked against it, and `orch validate` reports any deviation by file and
//     field (the skill itself regenerates a file with extra fields).
//   - READ (`Read.*`): the same required fields and types, unknown keys ignored. The hooks read the
//     skill's files with it, so a harmless extra key does not cost a subagent its context.
// Optional fields (the page's `?`) may be missing in both.
import * as z from 'zod/mini';
import { REQUEST_ID_RE, SAFE_ID_RE } from './paths.js';
import { KNOWLEDGE_FIELDS, TASK_STATUS, type KnowledgeField, type TaskStatus } from './names.js';

// ROLES and the config section live in the config registry (the lowest layer).
export { KNOWLEDGE_FIELDS, TASK_STATUS, type KnowledgeField, type TaskStatus };
export { ROLES, OrchestratorConfig, type Role, type OrchestratorConfigT } from '../common/config-registry.js';

export { isRole } from '../common/roles.js';

const Text = z.string().check(z.minLength(1));
const ReqId = z.string().check(z.regex(REQUEST_ID_RE));
const Id = z.string().check(z.regex(SAFE_ID_RE));
const GateId = z.string().check(z.regex(/^GATE-[1-9][0-9]{0,3}$/));
/** ISO 8601 date-time, with `Z`, an offset or no zone: the skill writes what its clock gives. */
const Iso = z.iso.datetime({ offset: true, local: true });
const Strings = z.array(z.string());
const Count = z.number().check(z.int(), z.minimum(0));

export const SESSION_STATUS = ['active', 'completed', 'stopped'] as const;
export const PHASES = ['test_first', 'implementation', 'verification', 'complete'] as const;
export const GLOBAL_PHASES = ['global_discovery', 'task_loop', 'complete'] as const;
export const GATE_STATUS = ['pending', 'passed', 'failed'] as const;
export type Phase = (typeof PHASES)[number];

/** A `patterns` value: text, or a nested map of topic → text / map (scalars allowed as leaves). */
export function isPatternValue(v: unknown, depth = 0): boolean {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return true;
  if (depth > 8 || v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  return Object.values(v as Record<string, unknown>).every((x) => isPatternValue(x, depth + 1));
}

/** `obj` of one flavour: rejects unknown keys only when strict. */
function objectOf(strict: boolean) {
  return <S extends z.core.$ZodLooseShape>(shape: S) =>
    strict ? z.strictObject(shape) : z.looseObject(shape);
}
type Obj = ReturnType<typeof objectOf>;

/** The fields every contract starts with. */
const HEADER = { version: z.literal(1), request_id: ReqId, created_at: Iso, created_by: Text };

const fileRef = (obj: Obj) =>
  obj({
    entity: z.string(),
    path: Text,
    status: z.enum(['exists', 'to_create', 'to_modify']),
  });

/** session.json and state.json. */
function sessionSchemas(obj: Obj) {
  const Session = obj({
    version: z.literal(1),
    project: obj({ path: Text, name: z.string(), hash: z.string().check(z.regex(/^[0-9a-f]{8}$/)) }),
    status: z.enum(SESSION_STATUS),
    current_task: z.nullable(Id),
    created_at: Iso,
    updated_at: Iso,
    manifest: obj({ claude_md: z.nullable(z.string()), agents_md: z.nullable(z.string()) }),
  });

  const Subtask = obj({
    name: z.string(),
    status: z.enum(TASK_STATUS),
    phase: z.enum(PHASES),
    gates: z.record(GateId, z.enum(GATE_STATUS)),
  });
  const Task = obj({
    name: z.string(),
    status: z.enum(TASK_STATUS),
    current_subtask: z.nullable(Id),
    subtasks: z.record(Id, Subtask),
    subtask_order: z.array(Id),
    created_at: Iso,
    updated_at: Iso,
  });
  const State = obj({
    version: z.literal(2),
    request: obj({
      id: ReqId,
      original_request: z.string(),
      status: z.enum(SESSION_STATUS),
      current_task: z.nullable(Id),
      global_phase: z.enum(GLOBAL_PHASES),
    }),
    tasks: z.record(Id, Task),
    task_order: z.array(Id),
  });
  return { session: Session, state: State };
}

/** Code Explore's and the Planner's results, and the design-brief of each task. */
function planSchemas(obj: Obj) {
  const Explored = obj({
    ...HEADER,
    project_manifest: obj({ claude_md: z.nullable(z.string()), agents_md: z.nullable(z.string()) }),
    explored_files: z.array(obj({ path: Text, summary: z.string() })),
    directory_structure: z.record(z.string(), z.string()),
  });

  const TaskBreakdown = obj({
    ...HEADER,
    original_request: z.string(),
    objective: z.string(),
    tasks: z
      .array(
        obj({
          id: Id,
          name: Text,
          objective: z.string(),
          subtasks: z.array(obj({ id: Id, name: Text, description: z.string() })).check(z.minLength(1)),
        }),
      )
      .check(z.minLength(1)),
    assumptions: Strings,
    task_order: z.array(Id),
  });

  const DesignBrief = obj({
    ...HEADER,
    task_id: Id,
    task_name: z.string(),
    objective: z.string(),
    subtasks: z.array(obj({ id: Id, name: z.string() })),
    completion_criteria: Strings,
    scope_in: Strings,
    scope_out: Strings,
    file_refs: z.array(fileRef(obj)),
    subtask_order: z.array(Id),
  });
  return { explored: Explored, 'task-breakdown': TaskBreakdown, 'design-brief': DesignBrief };
}

/** The Architect's design-contract and QA's test-contract and test-result. */
function contractSchemas(obj: Obj) {
  const DesignContract = obj({
    ...HEADER,
    task_id: Id,
    task_name: z.string(),
    invariants: z.array(obj({ id: Text, rule: Text })),
    interfaces: z.array(
      obj({
        name: Text,
        input: obj({ type: z.string(), fields: z.array(obj({ name: Text, type: z.string() })) }),
        output: obj({ type: z.string() }),
        contract: z.string(),
      }),
    ),
    boundaries: z.array(
      obj({ from: z.string(), to: z.string(), allowed: z.boolean(), note: z.optional(z.string()) }),
    ),
    layer_assignments: z.array(obj({ component: z.string(), layer: z.string() })),
    file_refs: z.array(fileRef(obj)),
  });

  const TestContract = obj({
    ...HEADER,
    task_id: Id,
    subtask_id: Id,
    subtask_name: z.string(),
    test_cases: z.array(
      obj({
        id: Text,
        name: z.string(),
        target: z.string(),
        given: z.string(),
        when: z.string(),
        then: z.string(),
        category: z.enum(['happy_path', 'error_case', 'edge_case']),
      }),
    ),
    coverage_targets: Strings,
    test_file_path: Text,
  });

  const TestResult = obj({
    ...HEADER,
    task_id: Id,
    subtask_id: Id,
    execution: obj({ command: z.string(), timestamp: z.string(), result: z.enum(['pass', 'fail']) }),
    summary: obj({ total: Count, passed: Count, failed: Count, skipped: Count }),
    failed_tests: z.array(
      obj({ id: z.string(), name: z.string(), reason: z.string(), category: z.string() }),
    ),
    recommendation: obj({
      action: z.enum(['complete', 'retry_implementation', 'retry_design']),
      reason: z.string(),
    }),
  });
  return { 'design-contract': DesignContract, 'test-contract': TestContract, 'test-result': TestResult };
}

/** knowledge.yaml. */
function knowledgeSchema(obj: Obj) {
  const PatternValue = z.custom<unknown>((v) => isPatternValue(v));
  const Knowledge = obj({
    version: z.literal(1),
    // An unquoted hash such as 109656e1, 6e341821 (Infinity) or 12345678 is a number in YAML:
    // accepted as written (the hash is known from the path anyway).
    project: obj({
      path: Text,
      name: z.string(),
      hash: z.union([
        z.string().check(z.regex(/^[0-9a-f]{8}$/)),
        z.custom<number>((v) => typeof v === 'number', 'must be the 8-hex-digit project hash'),
      ]),
    }),
    patterns: z.record(z.string(), PatternValue),
    decisions: z.array(
      obj({
        id: Text,
        topic: z.string(),
        decision: z.string(),
        rationale: z.string(),
        refs: Strings,
        created_at: Iso,
      }),
    ),
    pitfalls: z.array(
      obj({ id: Text, description: z.string(), reason: z.string(), learned_from: z.optional(z.string()) }),
    ),
    updated_at: Iso,
  });
  return Knowledge;
}

/** One factory for both flavours. */
function build(strict: boolean) {
  const obj = objectOf(strict);
  return {
    ...sessionSchemas(obj),
    knowledge: knowledgeSchema(obj),
    ...planSchemas(obj),
    ...contractSchemas(obj),
  };
}

/** Exactly the skill's formats (files we write; `orch validate`). */
export const Real = build(true);
/** The same, unknown keys ignored (the hooks' reads). */
export const Read = build(false);
export type Flavour = typeof Real;
export type FileKind = keyof Flavour;

export type SessionFileT = z.infer<Flavour['session']>;
export type StateFileT = z.infer<Flavour['state']>;
export type TaskStateT = StateFileT['tasks'][string];
export type SubtaskStateT = TaskStateT['subtasks'][string];
export type KnowledgeFileT = z.infer<Flavour['knowledge']>;
export type ExploredT = z.infer<Flavour['explored']>;
export type TaskBreakdownT = z.infer<Flavour['task-breakdown']>;
export type DesignBriefT = z.infer<Flavour['design-brief']>;
export type DesignContractT = z.infer<Flavour['design-contract']>;
export type TestContractT = z.infer<Flavour['test-contract']>;
export type TestResultT = z.infer<Flavour['test-result']>;

export interface ContractTypes {
  explored: ExploredT;
  'task-breakdown': TaskBreakdownT;
  'design-brief': DesignBriefT;
  'design-contract': DesignContractT;
  'test-contract': TestContractT;
  'test-result': TestResultT;
}

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
      return `must be ${issue.format === 'datetime' ? 'an ISO 8601 timestamp' : `a ${issue.format}`} (got ${kindOf(v)})`;
    case 'invalid_union':
      return `invalid value (got ${kindOf(v)})`;
    case 'custom':
      return `must be text or a map of topic → text (got ${kindOf(v)})`;
    case 'invalid_key':
      return `invalid key (must match the id pattern)`;
    case 'unrecognized_keys':
      return `unknown field(s) ${(issue.keys ?? []).join(', ')} (not in the orchestrator's format)`;
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
    if (i.code === 'unrecognized_keys' && i.keys?.length) {
      // One line per unknown key, named by its own path: `tasks[0].title: unknown field …`.
      for (const k of i.keys)
        issues.push({
          file,
          field: fieldPath([...i.path, k]),
          message: "unknown field (not in the orchestrator's format)",
        });
      continue;
    }
    const field = fieldPath(i.path);
    const message = issueMessage(i, input);
    const key = `${field}\0${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ file, field, message });
  }
  return { ok: false, issues };
}
