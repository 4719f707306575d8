// `self-gen orch …`: the orchestrator's contracts, merge, per-role context and state (seed 003,
// DESIGN §9). See the README, section "Orchestrator context".
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig, getSection } from '../../store/config.js';
import { getDb } from '../../store/db.js';
import { getProjectName, getProjectPath } from '../../store/project.js';
import { buildRoleContext } from '../../orchestrator/context.js';
import { OrchError, formatIssue } from '../../orchestrator/errors.js';
import { askClaudeMem } from '../../orchestrator/memory.js';
import {
  addKnowledge,
  addRequest,
  endSession,
  initSession,
  mergeRequest,
  recordContract,
  recordRetry,
  setSubtaskStatus,
  validateAll,
  type OpsEnv,
} from '../../orchestrator/ops.js';
import {
  CONTRACT_KINDS,
  isContractKind,
  orchPaths,
  rel,
  type ContractKind,
} from '../../orchestrator/paths.js';
import { rolePatterns } from '../../orchestrator/roles.js';
import {
  KNOWLEDGE_FIELDS,
  OrchestratorConfig,
  ROLES,
  isRole,
  type KnowledgeField,
  type OrchestratorConfigT,
  type Role,
  type WorkStatusT,
} from '../../orchestrator/schemas.js';
import { readSession, readState } from '../../orchestrator/store.js';
import { registerCheck, type CheckResult } from '../checks.js';
import { CliError } from '../errors.js';
import { enumOption } from '../options.js';
import { printWarning } from '../output.js';

interface Ctx extends OpsEnv {
  locale: 'ko' | 'en';
}

function ctxOf(cmd: Command): Ctx {
  const opts = cmd.optsWithGlobals<{ project?: string }>();
  const root = opts.project ? resolve(opts.project) : getProjectPath(process.cwd());
  if (!existsSync(root))
    throw new CliError(`project folder not found: ${root}`, 'pass an existing folder with --project');
  const config = loadConfig();
  const cfg: OrchestratorConfigT = getSection(config, 'orchestrator', OrchestratorConfig);
  return {
    projectRoot: root,
    projectName: getProjectName(root),
    cfg,
    locale: config.locale === 'en' ? 'en' : 'ko',
  };
}

/** Runs an action; orchestrator errors become one clear CLI error with the fix. */
async function run<T>(fn: () => Promise<T> | T): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof OrchError)
      throw new CliError(e.message, e.fix ?? 'check the files with `self-gen orch validate`');
    throw e;
  }
}

const warn = printWarning;
const RETRY_KINDS = ['implementation', 'design'] as const;

const roleArg = (v: string): Role => {
  if (!isRole(v)) throw new InvalidArgumentError(`one of ${ROLES.join(', ')}`);
  return v;
};
const kindArg = (v: string): ContractKind => {
  if (!isContractKind(v)) throw new InvalidArgumentError(`one of ${CONTRACT_KINDS.join(', ')}`);
  return v;
};
const fieldArg = (v: string): KnowledgeField => {
  if (!(KNOWLEDGE_FIELDS as readonly string[]).includes(v))
    throw new InvalidArgumentError(KNOWLEDGE_FIELDS.join(', '));
  return v as KnowledgeField;
};
const statusArg = (v: string): WorkStatusT => {
  const all = ['pending', 'in_progress', 'done', 'failed'];
  if (!all.includes(v)) throw new InvalidArgumentError(all.join(', '));
  return v as WorkStatusT;
};

function readInput(file: string | undefined): { text: string; name: string } {
  if (!file || file === '-') {
    if (process.stdin.isTTY)
      throw new CliError(
        'no input: give a file, or pipe the YAML on stdin',
        'self-gen orch record contract explored explored.yaml',
      );
    return { text: readFileSync(0, 'utf8'), name: '<stdin>' };
  }
  try {
    return { text: readFileSync(file, 'utf8'), name: file };
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

const MARK: Record<string, string> = { pending: '·', in_progress: '→', done: '✓', failed: '✗' };

export async function statusText(c: Ctx): Promise<{ text: string; json: Record<string, unknown> }> {
  const p = orchPaths(c.projectRoot);
  const s = readSession(p);
  if (!s)
    return {
      text: `no orchestrator session in ${c.projectRoot} (start one with \`self-gen orch init\`)`,
      json: { session: null },
    };
  const st = readState(p);
  const lines: string[] = [];
  const session = s.value;
  if (s.problem) lines.push(`! ${s.problem}`);
  if (st?.problem) lines.push(`! ${st.problem}`);
  lines.push(
    `session ${session.session_id} — ${session.status} since ${session.started_at} (project ${session.project_name}, ${rel(p, p.sessionDir)})`,
  );
  if (session.history.length)
    lines.push(
      `earlier sessions: ${session.history.length} (${session.history.filter((h) => h.status === 'completed').length} completed)`,
    );
  for (const r of session.requests) {
    lines.push(
      `${r.id === session.current_request ? '→' : ' '} ${r.id} [${r.status}] ${r.request.replace(/\s+/g, ' ').slice(0, 100)}`,
    );
  }
  const state = st?.value ?? null;
  if (state && state.request_id) {
    lines.push(
      `state of ${state.request_id}: ${state.status}; current ${state.current_task ?? '-'}/${state.current_subtask ?? '-'}`,
    );
    for (const tid of state.task_order) {
      const t = state.tasks[tid]!;
      lines.push(
        `  ${MARK[t.status]} ${tid} ${t.title} [${t.status}]${t.domain ? ` (domain ${t.domain})` : ''}`,
      );
      for (const sid of t.subtask_order) {
        const x = t.subtasks[sid]!;
        const counts = `retries impl ${x.retries.implementation}/${c.cfg.maxRetries} design ${x.retries.design}/${c.cfg.maxRetries}, test failures ${x.test_failures}`;
        lines.push(
          `      ${MARK[x.status]} ${sid} ${x.title} [${x.status}] ${counts}${x.status === 'failed' ? ' — ask the user' : ''}`,
        );
      }
    }
  }
  return {
    text: lines.join('\n'),
    json: { session, state, warnings: [s.problem, st?.problem].filter(Boolean) },
  };
}

export function registerOrch(program: Command): void {
  const orch = program
    .command('orch')
    .description('orchestrator: 3-tier contracts (request → task → subtask), merge, per-role context, state')
    .option(
      '-C, --project <dir>',
      'the project root (default: CLAUDE_PROJECT_DIR, else the git top level of the current folder)',
    )
    .addHelpText(
      'after',
      `\nWorkflow:\n  self-gen orch init --request "Add rate limiting to the login endpoint"\n  self-gen orch context code-explore      # and: context planner (run both in parallel)\n  self-gen orch record contract explored explored.yaml\n  self-gen orch record contract task-breakdown task-breakdown.yaml\n  self-gen orch merge R1\n  self-gen orch context architect         # per task; then qa-test-first, implementer, qa-verification per subtask\n  self-gen orch status\n\nSee the README, section "Orchestrator context".`,
    );

  orch
    .command('init')
    .description('start (or resume) the orchestrator session of this project: session.json + state.json')
    .option('-r, --request <text>', "the user's request: registered as the next free R<n>")
    .option(
      '--claude-md <path>',
      'the CLAUDE.md the planner reads (default: CLAUDE.md or .claude/CLAUDE.md when present)',
    )
    .option('--ref <path...>', 'reference projects for Code Explore')
    .option('--new', 'end an active session (as aborted) and start a new one')
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      '\nExamples:\n  self-gen orch init --request "Add a password reset flow"\n  self-gen orch init --new --ref ../other-service',
    )
    .action(
      async (
        o: { request?: string; claudeMd?: string; ref?: string[]; new?: boolean; json?: boolean },
        cmd: Command,
      ) => {
        const c = ctxOf(cmd);
        const r = await run(() =>
          initSession(c, { request: o.request, claudeMd: o.claudeMd, references: o.ref, fresh: o.new }),
        );
        if (o.json) {
          console.log(
            JSON.stringify(
              { created: r.created, session: r.session, requestId: r.requestId ?? null, notes: r.notes },
              null,
              2,
            ),
          );
          return;
        }
        for (const n of r.notes) warn(n);
        console.log(
          `${r.created ? 'started' : 'resumed'} session ${r.session.session_id} in ${rel(r.paths, r.paths.sessionDir)}`,
        );
        console.log(`CLAUDE.md for the planner: ${r.session.manifest.claude_md ?? '(none)'}`);
        if (r.requestId) console.log(`request ${r.requestId}: ${o.request}`);
        console.log(
          `next: run Code Explore and Planner in parallel (\`self-gen orch context code-explore\`, \`self-gen orch context planner\`)`,
        );
      },
    );

  orch
    .command('merge <request>')
    .description(
      "verify the planner's assumptions against the explored files, write one design-brief per task, initialise state.json (exit 2: re-plan)",
    )
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      '\nExit codes: 0 merged, 2 re-plan needed (≥ 50 % of the assumptions mismatch), 1 error.\n\nExample:\n  self-gen orch merge R1',
    )
    .action(async (request: string, o: { json?: boolean }, cmd: Command) => {
      const c = ctxOf(cmd);
      const r = await run(() => mergeRequest(c, request));
      if (o.json) console.log(JSON.stringify(r, null, 2));
      else {
        const mism = r.checks.filter((x) => x.verdict === 'mismatch').length;
        console.log(
          `assumptions of ${r.request}: ${r.checks.length - mism} ok, ${mism} mismatched (${Math.round(r.ratio * 100)} %)`,
        );
        for (const x of r.checks)
          console.log(
            `  ${x.verdict === 'match' ? '✓' : x.verdict === 'mismatch' ? '✗' : '?'} ${x.id} ${x.statement}${x.correction ? `\n      → ${x.correction}` : ''}`,
          );
        if (r.replan) {
          console.log(
            `re-plan: ${Math.round(r.ratio * 100)} % ≥ ${Math.round(r.threshold * 100)} % of the assumptions do not match the code.`,
          );
          console.log(
            'run the Planner again, sequentially, with the explored files (`self-gen orch context planner` now includes them and the corrections), record the new task-breakdown, and merge again.',
          );
        } else {
          for (const b of r.briefs) console.log(`wrote ${b}`);
          console.log(
            `state.json: tasks ${r.state?.task_order.join(', ')}; current ${r.state?.current_task}/${r.state?.current_subtask}`,
          );
        }
        console.log(`report: ${r.report}`);
      }
      if (r.replan) process.exitCode = 2;
    });

  orch
    .command('context')
    .argument('<role>', ROLES.join(' | '), roleArg)
    .description(`print the context (rendered prompt) of a role: ${ROLES.join(', ')}`)
    .option('--request <id>', 'the request (default: the current one)')
    .option('--task <id>', 'the task (default: state.json current_task)')
    .option('--subtask <id>', 'the subtask (default: state.json current_subtask)')
    .option('--no-memory', 'skip the memory search')
    .option('--json', 'machine-readable output (variables, template, memory search)')
    .addHelpText(
      'after',
      '\nExamples:\n  self-gen orch context planner\n  self-gen orch context architect --task T2\n  self-gen orch context implementer --subtask T1-S2 --json',
    )
    .action(
      async (
        role: Role,
        o: { request?: string; task?: string; subtask?: string; memory?: boolean; json?: boolean },
        cmd: Command,
      ) => {
        const c = ctxOf(cmd);
        const ctx = await run(() =>
          buildRoleContext(
            { ...c, db: () => getDb({ busyTimeoutMs: 2000 }) },
            { role, request: o.request, task: o.task, subtask: o.subtask, memory: o.memory !== false },
          ),
        );
        if (o.json) {
          console.log(JSON.stringify(ctx, null, 2));
          return;
        }
        for (const w of ctx.warnings) warn(w);
        console.log(ctx.text);
      },
    );

  const record = orch
    .command('record')
    .description('record requests, contracts, results, retries, knowledge, the end of the session');

  record
    .command('request <text>')
    .description('a new request in the active session: the next free R<n>')
    .action(async (text: string, _o: unknown, cmd: Command) => {
      const id = await run(() => addRequest(ctxOf(cmd), text));
      console.log(id);
    });

  record
    .command('contract')
    .argument('<kind>', CONTRACT_KINDS.join(' | '), kindArg)
    .argument('[file]', 'the YAML file (default: stdin)')
    .description(
      `store an agent's YAML result after validating it (${CONTRACT_KINDS.join(', ')}); file or stdin`,
    )
    .option('--request <id>', 'the request (default: request_id in the document)')
    .option('--task <id>', 'the task (default: task_id in the document)')
    .option('--subtask <id>', 'the subtask (default: subtask_id in the document)')
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      '\nA test-result updates state.json: passed → the next subtask; failed → test_failures + 1 (exit 2 when the\nsubtask has no implementation retry left: ask the user).\n\nExamples:\n  self-gen orch record contract explored explored.yaml\n  pbpaste | self-gen orch record contract test-result',
    )
    .action(
      async (
        kind: ContractKind,
        file: string | undefined,
        o: { request?: string; task?: string; subtask?: string; json?: boolean },
        cmd: Command,
      ) => {
        const c = ctxOf(cmd);
        const input = readInput(file);
        const r = await run(() =>
          recordContract(
            c,
            kind,
            input.text,
            { request: o.request, task: o.task, subtask: o.subtask },
            input.name,
          ),
        );
        if (o.json) console.log(JSON.stringify(r, null, 2));
        else for (const m of r.messages) console.log(m);
        if (r.askUser) process.exitCode = 2;
      },
    );

  record
    .command('retry <subtask>')
    .description(
      'count one more retry of a subtask (exit 2 when the limit is reached: the subtask is failed, ask the user)',
    )
    .option('--kind <kind>', 'implementation or design', enumOption(RETRY_KINDS), 'implementation')
    .option('--task <id>', 'the task of the subtask (default: searched)')
    .addHelpText(
      'after',
      '\nExamples:\n  self-gen orch record retry T1-S2\n  self-gen orch record retry T1-S2 --kind design',
    )
    .action(
      async (subtask: string, o: { kind: (typeof RETRY_KINDS)[number]; task?: string }, cmd: Command) => {
        const r = await run(() => recordRetry(ctxOf(cmd), subtask, o.kind, o.task));
        console.log(r.message);
        if (r.failed) process.exitCode = 2;
      },
    );

  record
    .command('status')
    .argument('<subtask>', 'the subtask id, e.g. T1-S2')
    .argument('<status>', 'pending | in_progress | done | failed', statusArg)
    .description(
      'set a subtask status by hand (pending, in_progress, done, failed), e.g. after the user decided',
    )
    .option('--reset', 'also reset its retries and test failures')
    .action(async (subtask: string, status: WorkStatusT, o: { reset?: boolean }, cmd: Command) => {
      const st = await run(() => setSubtaskStatus(ctxOf(cmd), subtask, status, o.reset));
      console.log(`${subtask}: ${status}; current ${st.current_task ?? '-'}/${st.current_subtask ?? '-'}`);
    });

  record
    .command('knowledge')
    .argument('<field>', KNOWLEDGE_FIELDS.join(' | '), fieldArg)
    .argument('<text>', 'the entry')
    .description(`add to knowledge.yaml (${KNOWLEDGE_FIELDS.join(', ')})`)
    .option('--source <ref>', 'where it comes from, e.g. R1/T1')
    .addHelpText(
      'after',
      '\nExample:\n  self-gen orch record knowledge pitfalls "the session cookie is signed: never edit it by hand" --source R1/T1',
    )
    .action(async (field: KnowledgeField, text: string, o: { source?: string }, cmd: Command) => {
      const n = await run(() => addKnowledge(ctxOf(cmd), field, text, o.source));
      console.log(`${field}: ${n} entr${n === 1 ? 'y' : 'ies'}`);
    });

  record
    .command('end')
    .description('end the session (completed, or --aborted); the next `init` starts a new one')
    .option('--aborted', 'end it as aborted')
    .action(async (o: { aborted?: boolean }, cmd: Command) => {
      const s = await run(() => endSession(ctxOf(cmd), o.aborted ? 'aborted' : 'completed'));
      console.log(`session ${s.session_id} ${s.status}`);
    });

  orch
    .command('status')
    .description('the session, its requests, tasks and subtasks (status, retries, test failures)')
    .option('--json', 'machine-readable output')
    .action(async (o: { json?: boolean }, cmd: Command) => {
      const c = ctxOf(cmd);
      const r = await run(() => statusText(c));
      if (o.json) {
        console.log(JSON.stringify(r.json, null, 2));
        return;
      }
      console.log(r.text);
      if (r.json.session) {
        const m = c.cfg.claudeMem;
        if (m.enabled) {
          const a = await askClaudeMem(
            { ...m, timeoutMs: Math.max(m.timeoutMs, 500) },
            'status',
            c.projectName,
            1,
          );
          console.log(
            `claude-mem: ${a.ok ? `answers on ${m.host}:${m.port}` : `not available on ${m.host}:${m.port} (${a.reason}); the local database is searched`}`,
          );
        }
        const patterns = ROLES.map((role) => `${role} ← ${rolePatterns(role, c.cfg).join(' | ')}`);
        console.log(`agent types → roles (includes): ${patterns.join('; ')}`);
      }
    });

  orch
    .command('validate')
    .description(
      'check session.json, state.json, knowledge.yaml, every contract and the template overrides (exit 1 on errors)',
    )
    .option('--request <id>', 'only this request')
    .option('--json', 'machine-readable output')
    .action(async (o: { request?: string; json?: boolean }, cmd: Command) => {
      const r = await run(() => validateAll(ctxOf(cmd), o.request));
      if (o.json) console.log(JSON.stringify(r, null, 2));
      else {
        for (const w of r.warnings) warn(`! ${w}`);
        for (const i of r.issues) console.log(`✗ ${formatIssue(i)}`);
        console.log(`${r.checked.length} file(s) checked, ${r.issues.length} error(s)`);
      }
      if (r.issues.length) process.exitCode = 1;
    });

  registerCheck(orchestratorChecks);
}

export async function orchestratorChecks(ctx: {
  env: NodeJS.ProcessEnv;
  projectDir: string;
}): Promise<CheckResult[]> {
  const config = loadConfig(ctx.env);
  const cfg = getSection(config, 'orchestrator', OrchestratorConfig);
  const out: CheckResult[] = config.problems
    .filter((m) => m.startsWith('config.orchestrator'))
    .map((m) => ({
      name: 'orchestrator config',
      level: 'warn' as const,
      message: m,
      fix: `edit ${config.path}`,
    }));
  const p = orchPaths(ctx.projectDir);
  if (!existsSync(p.sessionFile) && !existsSync(`${p.sessionFile}.bak`)) return out;
  const r = await validateAll({
    projectRoot: ctx.projectDir,
    projectName: getProjectName(ctx.projectDir),
    cfg,
  });
  out.push(
    r.issues.length
      ? {
          name: 'orchestrator',
          level: 'error',
          message: `${r.issues.length} problem(s): ${formatIssue(r.issues[0]!)}`,
          fix: 'self-gen orch validate',
        }
      : {
          name: 'orchestrator',
          level: 'ok',
          message: `${r.checked.length} file(s) valid in ${rel(p, p.sessionDir)}`,
        },
  );
  for (const w of r.warnings.slice(0, 3)) out.push({ name: 'orchestrator', level: 'warn', message: w });
  return out;
}
