// `self-gen orch …`: the orchestrator's contracts, merge, per-role context and state (seed 003,
// see docs/orchestrator.md.
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig, getSection } from '../../common/config.js';
import { getDb } from '../../db/db.js';
import { getProjectName, getProjectPath } from '../../common/project.js';
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
  migrate,
  recordRetry,
  setSubtaskStatus,
  validateAll,
  type OpsEnv,
} from '../../orchestrator/ops.js';
import { countsOf, readLedger, subtaskKey } from '../../orchestrator/ledger.js';
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
  type TaskStatus,
} from '../../orchestrator/schemas.js';
import { readSession, readState } from '../../orchestrator/file-store.js';
import { CliError } from '../errors.js';
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
const statusArg = (v: string): TaskStatus => {
  const all = ['pending', 'in_progress', 'completed'];
  if (!all.includes(v)) throw new InvalidArgumentError(all.join(', '));
  return v as TaskStatus;
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

const MARK: Record<string, string> = { pending: '·', in_progress: '→', completed: '✓' };

export async function statusText(c: Ctx): Promise<{ text: string; json: Record<string, unknown> }> {
  const p = orchPaths(c.projectRoot);
  const s = readSession(p);
  if (!s)
    return {
      text: `no orchestrator session in ${c.projectRoot} (start the orchestrator skill, or \`self-gen orch init --request "<text>"\`)`,
      json: { session: null },
    };
  const st = readState(p);
  const lines: string[] = [];
  const session = s.value;
  if (s.problem) lines.push(`! ${s.problem}`);
  if (st?.problem) lines.push(`! ${st.problem}`);
  lines.push(
    `session of ${session.created_at} — ${session.status} (project ${session.project.name}, ${rel(p, p.sessionDir)})`,
  );
  const ledger = readLedger(p);
  const entry = ledger.sessions.find((x) => x.created_at === session.created_at);
  const earlier = ledger.sessions.filter((x) => x.created_at !== session.created_at);
  if (earlier.length)
    lines.push(
      `earlier sessions: ${earlier.length} (${earlier.filter((h) => h.status === 'completed').length} completed)`,
    );
  const state = st?.value ?? null;
  if (state) {
    const r = state.request;
    lines.push(
      `→ ${r.id} [${r.status}, ${r.global_phase}] ${r.original_request.replace(/\s+/g, ' ').slice(0, 100)}`,
    );
    for (const tid of state.task_order) {
      const t = state.tasks[tid]!;
      lines.push(`  ${tid === r.current_task ? '→' : MARK[t.status]} ${tid} ${t.name} [${t.status}]`);
      for (const sid of t.subtask_order) {
        const x = t.subtasks[sid]!;
        const n = countsOf(entry, subtaskKey(r.id, tid, sid));
        const counts = `retries ${Math.max(n.retries, n.implementer_runs > 0 ? n.implementer_runs - 1 : 0)}, failed test runs ${n.failed_results.length}/${c.cfg.maxRetries}`;
        lines.push(
          `      ${sid === t.current_subtask && tid === r.current_task ? '→' : MARK[x.status]} ${sid} ${x.name} [${x.status}, ${x.phase}] ${counts}${n.failed_results.length >= c.cfg.maxRetries ? ' — ask the user' : ''}`,
        );
      }
    }
  }
  return {
    text: lines.join('\n'),
    json: { session, state, ledger: entry ?? null, warnings: [s.problem, st?.problem].filter(Boolean) },
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
      `\nWorks on the files of the claude-devkit orchestrator skill (.claude/orchestrator/), in its formats.\nWorkflow without the skill:\n  self-gen orch init --request "Add rate limiting to the login endpoint"\n  self-gen orch context code-explore      # and: context planner (run both in parallel)\n  self-gen orch record contract explored explored.yaml\n  self-gen orch record contract task-breakdown task-breakdown.yaml\n  self-gen orch merge R1\n  self-gen orch context architect         # per task; then qa-test-first, implementer, qa-verification per subtask\n  self-gen orch status\n\nSee docs/orchestrator.md.`,
    );
  registerOrchInit(orch);
  registerOrchMerge(orch);
  registerOrchContext(orch);
  registerOrchRecord(orch);
  registerOrchStatus(orch);
  registerOrchValidate(orch);
  registerOrchMigrate(orch);
}

/** `self-gen orch record …`: one function per subcommand. */
function registerOrchRecord(orch: Command): void {
  const record = orch
    .command('record')
    .description('record requests, contracts, results, retries, knowledge, the end of the session');
  registerRecordRequest(record);
  registerRecordContract(record);
  registerRecordRetry(record);
  registerRecordStatus(record);
  registerRecordKnowledge(record);
  registerRecordEnd(record);
}

/** `self-gen orch init`. */
function registerOrchInit(orch: Command): void {
  orch
    .command('init')
    .description('start (or resume) the orchestrator session of this project: session.json + state.json')
    .option('-r, --request <text>', "the user's request (required for a new session): the next free R<n>")
    .option(
      '--claude-md <path>',
      'the CLAUDE.md the planner reads (default: CLAUDE.md or .claude/CLAUDE.md when present)',
    )
    .option('--agents-md <path>', 'the AGENTS.md of the manifest (default: AGENTS.md when present)')
    .option('--ref <path...>', "reference projects for Code Explore (kept in self-gen's own folder)")
    .option('--new', 'stop an active session and start a new one')
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      '\nExamples:\n  self-gen orch init --request "Add a password reset flow"\n  self-gen orch init --new --ref ../other-service',
    )
    .action(
      async (
        o: {
          request?: string;
          claudeMd?: string;
          agentsMd?: string;
          ref?: string[];
          new?: boolean;
          json?: boolean;
        },
        cmd: Command,
      ) => {
        const c = ctxOf(cmd);
        const r = await run(() =>
          initSession(c, {
            request: o.request,
            claudeMd: o.claudeMd,
            agentsMd: o.agentsMd,
            references: o.ref,
            fresh: o.new,
          }),
        );
        if (o.json) {
          console.log(
            JSON.stringify(
              {
                created: r.created,
                session: r.session,
                state: r.state,
                requestId: r.requestId ?? null,
                notes: r.notes,
              },
              null,
              2,
            ),
          );
          return;
        }
        for (const n of r.notes) warn(n);
        console.log(
          `${r.created ? 'started' : 'resumed'} the session of ${r.session.created_at} in ${rel(r.paths, r.paths.sessionDir)}`,
        );
        console.log(`CLAUDE.md for the planner: ${r.session.manifest.claude_md ?? '(none)'}`);
        if (r.requestId) console.log(`request ${r.requestId}: ${o.request}`);
        console.log(
          `next: run Code Explore and Planner in parallel (\`self-gen orch context code-explore\`, \`self-gen orch context planner\`)`,
        );
      },
    );
}

/** `self-gen orch merge <request>`. */
function registerOrchMerge(orch: Command): void {
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
        for (const w of r.warnings) warn(`! ${w}`);
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
            `state.json: tasks ${r.state?.task_order.join(', ')}; current ${r.state?.request.current_task}/${r.state?.request.current_task ? r.state.tasks[r.state.request.current_task]?.current_subtask : '-'}`,
          );
        }
        console.log(`report: ${r.report}`);
      }
      if (r.replan) process.exitCode = 2;
    });
}

/** `self-gen orch context <role>`. */
function registerOrchContext(orch: Command): void {
  orch
    .command('context')
    .argument('<role>', ROLES.join(' | '), roleArg)
    .description(`print the context (rendered prompt) of a role: ${ROLES.join(', ')}`)
    .option('--task <id>', 'the task (default: state.json request.current_task)')
    .option('--subtask <id>', "the subtask (default: the task's current_subtask)")
    .option('--no-memory', 'skip the memory search')
    .option('--json', 'machine-readable output (variables, template, memory search)')
    .addHelpText(
      'after',
      '\nExamples:\n  self-gen orch context planner\n  self-gen orch context architect --task T2\n  self-gen orch context implementer --subtask T1-S2 --json',
    )
    .action(
      async (
        role: Role,
        o: { task?: string; subtask?: string; memory?: boolean; json?: boolean },
        cmd: Command,
      ) => {
        const c = ctxOf(cmd);
        const ctx = await run(() =>
          buildRoleContext(
            { ...c, db: () => getDb({ busyTimeoutMs: 2000 }) },
            { role, task: o.task, subtask: o.subtask, memory: o.memory !== false },
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
}

/** `self-gen orch record request <text>`. */
function registerRecordRequest(record: Command): void {
  record
    .command('request <text>')
    .description('a new request in the active session: the next free R<n> (state.json starts over for it)')
    .action(async (text: string, _o: unknown, cmd: Command) => {
      const id = await run(() => addRequest(ctxOf(cmd), text));
      console.log(id);
    });
}

/** `self-gen orch record contract <kind> <file>`. */
function registerRecordContract(record: Command): void {
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
      "\nThe document must be in the orchestrator skill's exact format (docs/orchestrator.md). A test-contract moves\nthe subtask to phase implementation; a test-result with result pass completes it, with fail sends it back\n(exit 2 after maxRetries failing runs: ask the user).\n\nExamples:\n  self-gen orch record contract explored explored.yaml\n  pbpaste | self-gen orch record contract test-result",
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
}

/** `self-gen orch record retry <subtask>`. */
function registerRecordRetry(record: Command): void {
  record
    .command('retry <subtask>')
    .description(
      "count one more retry of a subtask in self-gen's own ledger (exit 2 past the limit: ask the user)",
    )
    .option('--task <id>', 'the task of the subtask (default: searched)')
    .addHelpText('after', '\nExample:\n  self-gen orch record retry T1-S2')
    .action(async (subtask: string, o: { task?: string }, cmd: Command) => {
      const r = await run(() => recordRetry(ctxOf(cmd), subtask, o.task));
      console.log(r.message);
      if (r.failed) process.exitCode = 2;
    });
}

/** `self-gen orch record status <subtask> <status>`. */
function registerRecordStatus(record: Command): void {
  record
    .command('status')
    .argument('<subtask>', 'the subtask id, e.g. T1-S2')
    .argument('<status>', 'pending | in_progress | completed', statusArg)
    .description(
      'set a subtask status by hand (pending, in_progress, completed), e.g. after the user decided',
    )
    .option('--reset', "also reset self-gen's retry and failure counts of the subtask")
    .action(async (subtask: string, status: TaskStatus, o: { reset?: boolean }, cmd: Command) => {
      const st = await run(() => setSubtaskStatus(ctxOf(cmd), subtask, status, o.reset));
      const cur = st.request.current_task;
      console.log(
        `${subtask}: ${status}; current ${cur ?? '-'}/${cur ? (st.tasks[cur]?.current_subtask ?? '-') : '-'}`,
      );
    });
}

/** `self-gen orch record knowledge`. */
function registerRecordKnowledge(record: Command): void {
  record
    .command('knowledge')
    .argument('<field>', KNOWLEDGE_FIELDS.join(' | '), fieldArg)
    .argument('<text>', 'the pattern text, the decision, or the pitfall description')
    .description(`add to knowledge.yaml in the skill's format (${KNOWLEDGE_FIELDS.join(', ')})`)
    .option('--topic <name>', 'patterns: the topic (required); decisions: the topic (default general)')
    .option('--rationale <text>', 'decisions: why')
    .option('--ref <path...>', 'decisions: files it is about')
    .option('--reason <text>', 'pitfalls: why it is a pitfall')
    .option('--learned-from <ref>', 'pitfalls: where it was learned, e.g. R1/T1-S1')
    .addHelpText(
      'after',
      '\nExamples:\n  self-gen orch record knowledge patterns "errors are Result values" --topic error_handling\n  self-gen orch record knowledge decisions "in-memory window" --topic rate-limit --rationale "one process"\n  self-gen orch record knowledge pitfalls "the session cookie is signed" --reason "edits break login" --learned-from R1/T1-S1',
    )
    .action(
      async (
        field: KnowledgeField,
        text: string,
        o: { topic?: string; rationale?: string; ref?: string[]; reason?: string; learnedFrom?: string },
        cmd: Command,
      ) => {
        const key = await run(() =>
          addKnowledge(ctxOf(cmd), field, text, {
            topic: o.topic,
            rationale: o.rationale,
            refs: o.ref,
            reason: o.reason,
            learnedFrom: o.learnedFrom,
          }),
        );
        console.log(`${field}: ${key}`);
      },
    );
}

/** `self-gen orch record end`. */
function registerRecordEnd(record: Command): void {
  record
    .command('end')
    .description('end the session (completed, or --stopped); the next `init` starts a new one')
    .option('--stopped', 'end it as stopped')
    .action(async (o: { stopped?: boolean }, cmd: Command) => {
      const s = await run(() => endSession(ctxOf(cmd), o.stopped ? 'stopped' : 'completed'));
      console.log(`the session of ${s.created_at} is ${s.status}`);
    });
}

/** `self-gen orch status`. */
function registerOrchStatus(orch: Command): void {
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
        console.log(
          `agent types → roles (plain or <plugin>:<name>; qa-engineer by the subtask phase): ${patterns.join('; ')}`,
        );
      }
    });
}

/** `self-gen orch validate`. */
function registerOrchValidate(orch: Command): void {
  orch
    .command('validate')
    .description(
      "check session.json, state.json, knowledge.yaml and every contract against the skill's formats, and the template overrides (exit 1 on errors)",
    )
    .option('--request <id>', 'only this request')
    .option('--json', 'machine-readable output')
    .action(async (o: { request?: string; json?: boolean }, cmd: Command) => {
      const r = await run(() => validateAll(ctxOf(cmd), o.request));
      if (o.json) console.log(JSON.stringify(r, null, 2));
      else {
        for (const w of r.warnings) warn(`! ${w}`);
        for (const i of r.issues) console.log(`✗ ${formatIssue(i)}`);
        console.log(
          `${r.checked.length} file(s) checked, ${r.issues.length} error(s), ${r.warnings.length} warning(s)`,
        );
        for (const f of r.fixes) console.log(`fix: ${f}`);
      }
      if (r.issues.length) process.exitCode = 1;
    });
}

/** `self-gen orch migrate`. */
function registerOrchMigrate(orch: Command): void {
  orch
    .command('migrate')
    .description(
      "move files of self-gen's earlier own format out of the skill's folders (archived, never deleted) and rewrite session.json, state.json and knowledge.yaml in the skill's format",
    )
    .option('--json', 'machine-readable output')
    .action(async (o: { json?: boolean }, cmd: Command) => {
      const r = await run(() => migrate(ctxOf(cmd)));
      if (o.json) {
        console.log(JSON.stringify(r, null, 2));
        return;
      }
      for (const m of r.moved) console.log(`moved ${m.from} → ${m.to}`);
      for (const w of r.written) console.log(`wrote ${w} (the skill's format)`);
      if (!r.moved.length && !r.written.length) console.log('nothing to migrate');
      else
        console.log(
          'old contracts are archived, not converted: run those agents again (then `self-gen orch validate`)',
        );
    });
}
