// Per-role context (seed 003, "에이전트별 컨텍스트 조회"), read from the skill's own files: each
// role gets exactly the files and knowledge fields of its table, runs the memory-search triggers
// when its table has them, and the result is rendered into the role's template. The current task
// is state.json `request.current_task`, the current subtask that task's `current_subtask`. Used by
// `self-gen orch context` and by the SubagentStart hook.
import type { DB } from '../db/db.js';
import { getSection, loadConfig } from '../common/config.js';
import { OrchError, orchError } from './errors.js';
import { readLedger } from './ledger.js';
import { runMemorySearch, type MemoryOutcome } from './memory.js';
import { gatherTriggerFacts, evaluateTriggers } from './memory-triggers.js';
import {
  contractPath,
  orchPaths,
  rel,
  type ContractIds,
  type ContractKind,
  type OrchPaths,
} from './paths.js';
import { MAX_PROJECT_FILE_BYTES, describeFailure, readProjectFile } from './project-file.js';
import { ROLE_SPECS } from './roles.js';
import type {
  DesignContractT,
  KnowledgeFileT,
  OrchestratorConfigT,
  Role,
  SessionFileT,
  StateFileT,
  SubtaskStateT,
  TestResultT,
} from './schemas.js';
import {
  readContract,
  readKnowledge,
  readKnowledgeDoc,
  readSession,
  readState,
  type ContractDoc,
} from './file-store.js';
import { warningLines } from './tolerant.js';
import { loadTemplate, renderTemplate, type TemplateSource } from './templates.js';
import { loadYaml } from './yaml.js';

/** The configured advice bar (config `advice.minOtherProjectConfirmations`), or the default. */
function adviceBar(env: NodeJS.ProcessEnv | undefined): number | undefined {
  if (!env) return undefined;
  try {
    return getSection(loadConfig(env), 'advice').minOtherProjectConfirmations;
  } catch {
    return undefined;
  }
}

export interface OrchEnv {
  projectRoot: string;
  projectName: string;
  cfg: OrchestratorConfigT;
  locale: 'ko' | 'en';
  /** The self-gen database (memory search); null when not available. */
  db: (() => DB) | null;
  /** Process environment (the data home of our own files); default process.env. */
  env?: NodeJS.ProcessEnv;
}

export interface ContextOptions {
  role: Role;
  task?: string;
  subtask?: string;
  /** Run the memory-search triggers (default true). */
  memory?: boolean;
}

export interface RoleContext {
  role: Role;
  ids: ContractIds;
  vars: Record<string, string>;
  text: string;
  template: { source: TemplateSource; path?: string };
  /** Warnings for the user (a backup was used, the memory-search fallback warning). */
  warnings: string[];
  memory: MemoryOutcome | null;
}

/** The test file and CLAUDE.md are cut to this many bytes. */
export const MAX_FILE_BYTES = 16 * 1024;

function bullets(items: string[], none = '(none)'): string {
  return items.length ? items.map((t) => `- ${t}`).join('\n') : none;
}

async function yamlBlock(v: unknown, none: string): Promise<string> {
  if (v === undefined || v === null) return none;
  if (Array.isArray(v) && !v.length) return none;
  if (typeof v === 'object' && !Array.isArray(v) && !Object.keys(v).length) return none;
  const YAML = await loadYaml();
  return YAML.stringify(v, { lineWidth: 0 }).trim();
}

/** A project file's text for a template, or a one-line note why it was not read. */
export function projectFileText(root: string, file: string, max = MAX_FILE_BYTES): string {
  const r = readProjectFile(root, file, Math.min(max, MAX_PROJECT_FILE_BYTES));
  if (!r.ok) return describeFailure(file, r.reason);
  return r.truncated ? `${r.text}\n… (truncated)` : r.text;
}

async function need<K extends ContractKind>(
  p: OrchPaths,
  kind: K,
  ids: ContractIds,
  fix: string,
  warnings: string[],
): Promise<ContractDoc<K>> {
  const doc = await readContract(p, kind, ids);
  if (!doc) throw orchError(rel(p, contractPath(p, kind, ids)), '', 'not found', fix);
  warnings.push(...readWarnings(doc.warnings));
  return doc;
}

/** What was mended or left out while reading a file, as the role's warnings. */
function readWarnings(w: Parameters<typeof warningLines>[0]): string[] {
  return warningLines(w).map((l) => `warning: ${l}`);
}

async function renderSubtask(
  state: StateFileT,
  task: string,
  id: string,
  s: SubtaskStateT | null,
): Promise<string> {
  if (!s) return `id: ${id}\nstatus: unknown (not in state.json)`;
  const YAML = await loadYaml();
  const t = state.tasks[task];
  return YAML.stringify(
    {
      id,
      name: s.name,
      status: s.status,
      phase: s.phase,
      gates: s.gates,
      task: { id: task, name: t?.name ?? '' },
    },
    { lineWidth: 0 },
  ).trim();
}

/** knowledge.yaml (null when there is none), its read warnings added to `warnings`. */
async function knowledgeOf(p: OrchPaths, warnings: string[]): Promise<KnowledgeFileT | null> {
  const k = await readKnowledgeDoc(p);
  if (k) warnings.push(...readWarnings(k.warnings));
  return k?.value ?? null;
}

export interface LoadedSession {
  session: SessionFileT;
  state: StateFileT;
  warnings: string[];
}

export function loadSession(p: OrchPaths): LoadedSession {
  const warnings: string[] = [];
  const s = readSession(p);
  if (!s)
    throw orchError(
      rel(p, p.sessionFile),
      '',
      'no orchestrator session',
      'start the orchestrator skill, or run `self-gen orch init --request "<text>"`',
    );
  if (s.problem) warnings.push(s.problem);
  warnings.push(...readWarnings(s.warnings ?? []));
  const st = readState(p);
  if (!st)
    throw orchError(
      rel(p, p.stateFile),
      '',
      'not found',
      'start the orchestrator skill, or run `self-gen orch init --request "<text>"`',
    );
  if (st.problem) warnings.push(st.problem);
  warnings.push(...readWarnings(st.warnings ?? []));
  return { session: s.value, state: st.value, warnings };
}

export interface Position {
  request: string;
  task?: string;
  subtask?: string;
  sub: SubtaskStateT | null;
}

/** Where the session stands (the current task and subtask of state.json), overridable. */
export function position(
  p: OrchPaths,
  state: StateFileT,
  level: 'request' | 'task' | 'subtask',
  o: { task?: string; subtask?: string } = {},
): Position {
  const request = state.request.id;
  if (level === 'request') return { request, sub: null };
  const task = o.task ?? state.request.current_task ?? undefined;
  if (!task)
    throw orchError(
      rel(p, p.stateFile),
      'request.current_task',
      `no current task for ${request} (global phase ${state.request.global_phase})`,
      `merge the explored files and the task breakdown first (\`self-gen orch merge ${request}\`)`,
    );
  if (!state.tasks[task]) throw orchError(rel(p, p.stateFile), 'tasks', `no task "${task}"`);
  if (level === 'task') return { request, task, sub: null };
  const subtask = o.subtask ?? state.tasks[task]!.current_subtask ?? undefined;
  if (!subtask)
    throw orchError(
      rel(p, p.stateFile),
      `tasks.${task}.current_subtask`,
      `no current subtask for ${request}/${task}`,
    );
  const sub = state.tasks[task]!.subtasks[subtask] ?? null;
  if (!sub) throw orchError(rel(p, p.stateFile), `tasks.${task}.subtasks`, `no subtask "${subtask}"`);
  return { request, task, subtask, sub };
}

/** What a role's context is built from: the session, its place in it, the variables so far. */
interface Build {
  p: OrchPaths;
  session: SessionFileT;
  state: StateFileT;
  pos: Position;
  ids: ContractIds;
  vars: Record<string, string>;
  warnings: string[];
}

/** Files read for the role's variables that the memory-search triggers look at too. */
interface Inputs {
  knowledge: KnowledgeFileT | null;
  designContract: DesignContractT | null;
  lastResult: TestResultT | null;
}

export async function buildRoleContext(env: OrchEnv, opts: ContextOptions): Promise<RoleContext> {
  const p = orchPaths(env.projectRoot, env.env);
  const { session, state, warnings } = loadSession(p);
  const role = opts.role;
  const spec = ROLE_SPECS[role];
  const pos = position(p, state, spec.level, opts);
  const { request, task, subtask } = pos;
  const ids: ContractIds = { request, ...(task ? { task } : {}), ...(subtask ? { subtask } : {}) };

  const vars: Record<string, string> = { role, request_id: request };
  if (task) vars.task_id = task;
  if (subtask) vars.subtask_id = subtask;
  if (spec.output) vars.output_path = rel(p, contractPath(p, spec.output, ids));

  const b: Build = { p, session, state, pos, ids, vars, warnings };
  const inputs = await roleVars(role, b);
  const memory = await memoryContext(env, opts, role, b, inputs);

  const tpl = loadTemplate(role, p, env.cfg.templatesDir);
  const text = renderTemplate(tpl.text, role, vars);
  return {
    role,
    ids,
    vars,
    text,
    template: { source: tpl.source, ...(tpl.path ? { path: tpl.path } : {}) },
    warnings,
    memory,
  };
}

/** The variables of the role's own table, from the skill's files. */
async function roleVars(role: Role, b: Build): Promise<Inputs> {
  const { p, session, state, ids, vars, warnings } = b;
  const { request, task, subtask, sub } = b.pos;
  const dcFix = "the architect's design-contract.yaml is needed first";
  const tcFix = "QA's test-contract.yaml is needed first";
  const out: Inputs = { knowledge: null, designContract: null, lastResult: null };
  const lastResult = async () => (await readContract(p, 'test-result', ids).catch(() => null))?.value ?? null;
  switch (role) {
    case 'code-explore': {
      vars.project_path = p.projectRoot;
      vars.reference_projects = bullets(readLedger(p).references, '(none)');
      break;
    }
    case 'planner': {
      vars.project_path = p.projectRoot;
      const md = session.manifest.claude_md;
      vars.claude_md_path = md ?? '(none)';
      vars.claude_md = md ? projectFileText(p.projectRoot, md) : '(no CLAUDE.md in the session manifest)';
      vars.user_request = state.request.original_request;
      break;
    }
    case 'architect': {
      const mergeFix = `the merge writes it (\`self-gen orch merge ${request}\`)`;
      const brief = await need(p, 'design-brief', ids, mergeFix, warnings);
      vars.design_brief = brief.text.trim();
      out.knowledge = await knowledgeOf(p, warnings);
      vars.patterns = await yamlBlock(out.knowledge?.patterns, '(none recorded)');
      vars.decisions = await yamlBlock(out.knowledge?.decisions, '(none recorded)');
      break;
    }
    case 'qa-test-first': {
      const dc = await need(p, 'design-contract', { request, task }, dcFix, warnings);
      out.designContract = dc.value;
      vars.design_contract = dc.text.trim();
      vars.current_subtask = await renderSubtask(state, task!, subtask!, sub);
      break;
    }
    case 'implementer': {
      const dc = await need(p, 'design-contract', { request, task }, dcFix, warnings);
      const tc = await need(p, 'test-contract', ids, tcFix, warnings);
      out.designContract = dc.value;
      vars.design_contract = dc.text.trim();
      vars.test_contract = tc.text.trim();
      out.knowledge = await knowledgeOf(p, warnings);
      vars.pitfalls = await yamlBlock(out.knowledge?.pitfalls, '(none recorded)');
      vars.test_file_path = tc.value.test_file_path;
      vars.test_code = projectFileText(p.projectRoot, tc.value.test_file_path);
      vars.current_subtask = await renderSubtask(state, task!, subtask!, sub);
      out.lastResult = await lastResult();
      break;
    }
    case 'qa-verification': {
      const tc = await need(p, 'test-contract', ids, tcFix, warnings);
      const dc = await need(p, 'design-contract', { request, task }, dcFix, warnings);
      out.designContract = dc.value;
      vars.test_contract = tc.text.trim();
      vars.invariants = bullets(
        dc.value.invariants.map((i) => `${i.id}: ${i.rule}`),
        '(no invariants)',
      );
      vars.current_subtask = await renderSubtask(state, task!, subtask!, sub);
      out.lastResult = await lastResult();
      break;
    }
  }
  return out;
}

/** `mem_context` for the roles that have it: the memory-search triggers that fire, run. */
async function memoryContext(
  env: OrchEnv,
  opts: ContextOptions,
  role: Role,
  b: Build,
  inputs: Inputs,
): Promise<MemoryOutcome | null> {
  if (!ROLE_SPECS[role].vars.includes('mem_context')) return null;
  b.vars.mem_context = '';
  if (opts.memory === false || !env.cfg.memorySearch.enabled) return null;
  const { p, session, state } = b;
  const { designContract, lastResult } = inputs;
  const facts = await gatherTriggerFacts({
    p,
    role,
    projectName: env.projectName,
    locale: env.locale,
    session,
    state,
    ledger: readLedger(p),
    taskId: b.pos.task,
    subtaskId: b.pos.subtask,
    designContract,
    lastResult,
    db: env.db,
  });
  const triggers = evaluateTriggers(facts);
  const memory = await runMemorySearch({
    triggers,
    p,
    projectName: env.projectName,
    knowledge: inputs.knowledge ?? (await readKnowledge(p).catch(() => null)),
    lastResult,
    cfg: env.cfg,
    locale: env.locale,
    db: env.db,
    requestId: b.pos.request,
    minOtherProjectConfirmations: adviceBar(env.env),
  });
  b.vars.mem_context = memory.context;
  if (memory.warning) b.warnings.push(memory.warning);
  return memory;
}

export { OrchError };
