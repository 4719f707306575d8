// Per-role context (seed 003, "에이전트별 컨텍스트 조회"): each role reads exactly the files and
// knowledge fields of its table, runs the memory-search triggers when its table has them, and the
// result is rendered into the role's template. Used by `self-gen orch context` and by the
// SubagentStart hook.
import { readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { truncate } from '../shared/redact.js';
import type { DB } from '../store/db.js';
import { OrchError, orchError } from './errors.js';
import { gatherTriggerFacts, evaluateTriggers, runMemorySearch, type MemoryOutcome } from './memory.js';
import { contractPath, orchPaths, rel, requestDir, type ContractIds, type OrchPaths } from './paths.js';
import { ROLE_SPECS } from './roles.js';
import {
  MergeReport,
  StateFile,
  parseWith,
  type ContractTypes,
  type KnowledgeFileT,
  type OrchestratorConfigT,
  type Role,
  type SessionFileT,
  type StateFileT,
  type SubtaskStateT,
} from './schemas.js';
import {
  readContract,
  readKnowledge,
  readSession,
  readState,
  parseYamlText,
  type ContractDoc,
} from './store.js';
import { loadTemplate, renderTemplate, type TemplateSource } from './templates.js';
import { loadYaml } from './yaml.js';
import type { ContractKind } from './paths.js';

export interface OrchEnv {
  projectRoot: string;
  projectName: string;
  cfg: OrchestratorConfigT;
  locale: 'ko' | 'en';
  /** The self-gen database (memory search); null when not available. */
  db: (() => DB) | null;
}

export interface ContextOptions {
  role: Role;
  request?: string;
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
  /** Warnings for the user (a .bak was used, the memory-search fallback warning). */
  warnings: string[];
  memory: MemoryOutcome | null;
}

const MAX_FILE_CHARS = 6000;

function bullets(items: string[], none = '(none)'): string {
  return items.length ? items.map((t) => `- ${t}`).join('\n') : none;
}

function knowledgeList(k: KnowledgeFileT, field: 'patterns' | 'decisions' | 'pitfalls'): string {
  return bullets(
    k[field].map((e) => (typeof e === 'string' ? e : `${e.text}${e.source ? ` (${e.source})` : ''}`)),
    '(none recorded)',
  );
}

/** Reads a file named by a contract, only inside the project. */
export function readProjectFile(
  root: string,
  file: string,
  max = MAX_FILE_CHARS,
): { text: string; found: boolean } {
  const abs = isAbsolute(file) ? resolve(file) : resolve(root, file);
  const r = relative(root, abs);
  if (r.startsWith('..') || isAbsolute(r))
    return { text: `(not read: ${file} is outside the project)`, found: false };
  try {
    return { text: truncate(readFileSync(abs, 'utf8'), max, '\n… (truncated)'), found: true };
  } catch {
    return { text: `(file not found: ${file})`, found: false };
  }
}

async function need<K extends ContractKind>(
  p: OrchPaths,
  kind: K,
  ids: ContractIds,
  fix: string,
): Promise<ContractDoc<K>> {
  const doc = await readContract(p, kind, ids);
  if (!doc) throw orchError(rel(p, contractPath(p, kind, ids)), '', 'not found', fix);
  return doc;
}

async function stateFor(p: OrchPaths, state: StateFileT | null, request: string): Promise<StateFileT | null> {
  if (state && state.request_id === request) return state;
  // A request merged before the current one: merge keeps its last state next to its contracts.
  const file = join(requestDir(p, request), 'state.json');
  try {
    const r = parseWith(StateFile, JSON.parse(readFileSync(file, 'utf8')), rel(p, file));
    return r.ok ? r.value : null;
  } catch {
    return null;
  }
}

async function renderSubtask(id: string, s: SubtaskStateT | null): Promise<string> {
  if (!s) return `id: ${id}\nstatus: unknown (not in state.json)`;
  const YAML = await loadYaml();
  const { title, description, status, retries, test_failures, files, last_result } = s;
  return YAML.stringify(
    {
      id,
      title,
      ...(description ? { description } : {}),
      status,
      retries,
      test_failures,
      ...(last_result ? { last_result } : {}),
      files,
    },
    { lineWidth: 0 },
  ).trim();
}

async function replanBlock(p: OrchPaths, request: string): Promise<string> {
  let report;
  try {
    const file = join(requestDir(p, request), 'merge-report.yaml');
    const r = parseWith(
      MergeReport,
      await parseYamlText(readFileSync(file, 'utf8'), rel(p, file)),
      rel(p, file),
    );
    report = r.ok ? r.value : null;
  } catch {
    report = null;
  }
  if (!report?.replan) return '';
  const explored = await readContract(p, 'explored', { request }).catch(() => null);
  const wrong = report.assumptions.filter((a) => a.verdict === 'mismatch');
  const lines = [
    `Re-plan (sequential mode): ${wrong.length} of ${report.assumptions.length} assumptions of the previous task-breakdown do not match the explored code.`,
    '',
    'Corrections:',
    ...wrong.map((a) => `- ${a.id}: "${a.statement}" → ${a.correction ?? 'mismatch'}`),
    '',
    'Explored files:',
    ...(explored?.value.explored_files ?? []).map(
      (f) =>
        `- ${f.path}${f.summary ? ` — ${f.summary}` : ''}${f.symbols?.length ? ` (symbols: ${f.symbols.join(', ')})` : ''}`,
    ),
  ];
  return lines.join('\n');
}

function subtaskFiles(
  s: SubtaskStateT | null,
  dc: ContractTypes['design-contract'] | null,
  id: string,
): string[] {
  const out = new Set<string>(s?.files ?? []);
  for (const x of dc?.subtasks ?? []) if (x.id === id) for (const f of x.files ?? []) out.add(f);
  return [...out];
}

export interface LoadedSession {
  session: SessionFileT;
  state: StateFileT | null;
  warnings: string[];
}

export function loadSession(p: OrchPaths): LoadedSession {
  const warnings: string[] = [];
  const s = readSession(p);
  if (!s) throw orchError(rel(p, p.sessionFile), '', 'no orchestrator session', 'run `self-gen orch init`');
  if (s.problem) warnings.push(s.problem);
  const st = readState(p);
  if (st?.problem) warnings.push(st.problem);
  return { session: s.value, state: st?.value ?? null, warnings };
}

export async function buildRoleContext(env: OrchEnv, opts: ContextOptions): Promise<RoleContext> {
  const p = orchPaths(env.projectRoot);
  const { session, state, warnings } = loadSession(p);
  const role = opts.role;
  const spec = ROLE_SPECS[role];

  const request = opts.request ?? session.current_request ?? state?.request_id ?? undefined;
  if (!request)
    throw orchError(
      rel(p, p.sessionFile),
      'current_request',
      'no request yet',
      'run `self-gen orch record request "<the user\'s request>"`',
    );
  const rstate = await stateFor(p, state, request);
  const task = spec.level === 'request' ? undefined : (opts.task ?? rstate?.current_task ?? undefined);
  if (spec.level !== 'request' && !task)
    throw orchError(
      rel(p, p.stateFile),
      'current_task',
      `no current task for ${request}`,
      `run \`self-gen orch merge ${request}\` or pass --task`,
    );
  const subtask =
    spec.level === 'subtask'
      ? (opts.subtask ??
        (!opts.task || opts.task === rstate?.current_task ? rstate?.current_subtask : undefined) ??
        undefined)
      : undefined;
  if (spec.level === 'subtask' && !subtask)
    throw orchError(
      rel(p, p.stateFile),
      'current_subtask',
      `no current subtask for ${request}/${task}`,
      'pass --subtask',
    );
  const ids: ContractIds = { request, ...(task ? { task } : {}), ...(subtask ? { subtask } : {}) };

  const vars: Record<string, string> = { role, request_id: request };
  if (task) vars.task_id = task;
  if (subtask) vars.subtask_id = subtask;
  if (spec.output) vars.output_path = rel(p, contractPath(p, spec.output, ids));

  const sub = subtask && task ? (rstate?.tasks[task]?.subtasks[subtask] ?? null) : null;
  const mergeFix = `run \`self-gen orch merge ${request}\``;
  let knowledge: KnowledgeFileT | null = null;
  let domain: string | undefined = task ? rstate?.tasks[task]?.domain : undefined;
  let designContract: ContractTypes['design-contract'] | null = null;
  let lastResult: ContractTypes['test-result'] | null = null;

  switch (role) {
    case 'code-explore': {
      vars.project_path = p.projectRoot;
      vars.reference_projects = bullets(session.manifest.reference_projects, '(none)');
      break;
    }
    case 'planner': {
      vars.project_path = p.projectRoot;
      const md = session.manifest.claude_md;
      vars.claude_md_path = md ?? '(none)';
      vars.claude_md = md
        ? readProjectFile(p.projectRoot, md).text
        : '(no CLAUDE.md in the session manifest)';
      vars.user_request = session.requests.find((r) => r.id === request)?.request ?? '(unknown request)';
      vars.replan = await replanBlock(p, request);
      break;
    }
    case 'architect': {
      const brief = await need(p, 'design-brief', ids, mergeFix);
      vars.design_brief = brief.text.trim();
      domain = brief.value.domain ?? domain;
      knowledge = await readKnowledge(p);
      vars.patterns = knowledgeList(knowledge, 'patterns');
      vars.decisions = knowledgeList(knowledge, 'decisions');
      break;
    }
    case 'qa-test-first': {
      const dc = await need(
        p,
        'design-contract',
        { request, task },
        "record the architect's design-contract first",
      );
      designContract = dc.value;
      vars.design_contract = dc.text.trim();
      vars.current_subtask = await renderSubtask(subtask as string, sub);
      break;
    }
    case 'implementer': {
      const dc = await need(
        p,
        'design-contract',
        { request, task },
        "record the architect's design-contract first",
      );
      const tc = await need(p, 'test-contract', ids, 'record the QA test-contract first');
      designContract = dc.value;
      vars.design_contract = dc.text.trim();
      vars.test_contract = tc.text.trim();
      knowledge = await readKnowledge(p);
      vars.pitfalls = knowledgeList(knowledge, 'pitfalls');
      vars.test_file_path = tc.value.test_file_path;
      vars.test_code = readProjectFile(p.projectRoot, tc.value.test_file_path).text;
      vars.current_subtask = await renderSubtask(subtask as string, sub);
      lastResult = (await readContract(p, 'test-result', ids).catch(() => null))?.value ?? null;
      break;
    }
    case 'qa-verification': {
      const tc = await need(p, 'test-contract', ids, 'record the QA test-contract first');
      const dc = await need(
        p,
        'design-contract',
        { request, task },
        "record the architect's design-contract first",
      );
      designContract = dc.value;
      vars.test_contract = tc.text.trim();
      vars.invariants = bullets(dc.value.invariants, '(no invariants)');
      vars.current_subtask = await renderSubtask(subtask as string, sub);
      lastResult = (await readContract(p, 'test-result', ids).catch(() => null))?.value ?? null;
      break;
    }
  }

  let memory: MemoryOutcome | null = null;
  if (spec.vars.includes('mem_context')) {
    vars.mem_context = '';
    if (opts.memory !== false && env.cfg.memorySearch.enabled) {
      const facts = await gatherTriggerFacts({
        p,
        role,
        projectName: env.projectName,
        locale: env.locale,
        session,
        domain,
        subtaskId: subtask,
        subtask: sub,
        subtaskFiles: subtask ? subtaskFiles(sub, designContract, subtask) : [],
        db: env.db,
      });
      const triggers = evaluateTriggers(facts);
      memory = await runMemorySearch({
        triggers,
        p,
        projectName: env.projectName,
        session,
        knowledge: knowledge ?? (await readKnowledge(p).catch(() => null)),
        lastResult,
        cfg: env.cfg,
        locale: env.locale,
        db: env.db,
        requestId: request,
      });
      vars.mem_context = memory.context;
      if (memory.warning) warnings.push(memory.warning);
    }
  }

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

export { OrchError };
