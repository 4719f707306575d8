// `orch validate`: every file of the skill checked against its exact format, plus the template
// overrides.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { OrchError } from '../errors.js';
import { rel, requestDir, type OrchPaths } from '../paths.js';
import { ROLE_SPECS } from '../roles.js';
import { ROLES, type FieldIssue } from '../schemas.js';
import {
  MIGRATE_FIX,
  listContracts,
  listRequests,
  parseJsonDoc,
  readContract,
  readKnowledgeDoc,
  readText,
} from '../file-store.js';
import { checkState } from '../file-checks.js';
import { configTemplatesDir, foreignVars, readTemplateText, unknownVars } from '../templates.js';
import { warningLines } from '../tolerant.js';
import { pathsOf, type OpsEnv } from './shared.js';

export interface ValidateReport {
  checked: string[];
  issues: FieldIssue[];
  warnings: string[];
  /** What to do (a `fix:` line each). */
  fixes: string[];
}

/** Files an earlier self-gen left in the skill's folders (never part of the skill's format). */
export function leftovers(p: OrchPaths): string[] {
  const out: string[] = [];
  for (const f of [`${p.sessionFile}.bak`, `${p.stateFile}.bak`]) if (existsSync(f)) out.push(f);
  for (const r of listRequests(p)) {
    for (const n of ['merge-report.yaml', 'state.json']) {
      const f = join(requestDir(p, r), n);
      if (existsSync(f)) out.push(f);
    }
  }
  return out;
}

/** The report being filled; `old` once a file is in our earlier own format. */
interface Run {
  out: ValidateReport;
  old: boolean;
}

/**
 * Checks session.json, state.json, knowledge.yaml and every contract against the skill's exact
 * formats (unknown fields are errors, as for the skill), plus the template overrides. Files in
 * our earlier own format are named, with `self-gen orch migrate` as the fix.
 */
export async function validateAll(env: OpsEnv, request?: string): Promise<ValidateReport> {
  const p = pathsOf(env);
  const run: Run = { out: { checked: [], issues: [], warnings: [], fixes: [] }, old: false };
  await checkJsonFiles(run, p);
  await checkYamlFiles(run, p, request);
  const extra = leftovers(p);
  for (const f of extra)
    note(run, [
      {
        file: rel(p, f),
        field: '',
        message: "left by self-gen's earlier own format (not a file of the skill)",
      },
    ]);
  if (extra.length) run.old = true;
  if (run.old) run.out.fixes.push(MIGRATE_FIX);
  else if (run.out.issues.length)
    run.out.fixes.push(
      'correct the named fields (the formats: docs/orchestrator.md), or let the skill regenerate the file',
    );
  checkTemplates(env, p, run.out);
  return run.out;
}

function note(run: Run, issues: FieldIssue[]): void {
  run.out.issues.push(...issues);
  if (issues.some((i) => i.message.includes('earlier own format'))) run.old = true;
}

// Each file twice: against the exact format (what the skill must write), and as the hooks read
// it (tolerant.ts). What the read mends is a warning (the file is still used); an entry it leaves
// out, a strict deviation it does not reach (an unknown field) and a file it refuses are errors.
async function judge(
  run: Run,
  name: string,
  strict: () => Promise<FieldIssue[]>,
  read: () => Promise<FieldIssue[]>,
): Promise<void> {
  run.out.checked.push(name);
  let warned: FieldIssue[];
  try {
    warned = await read();
  } catch (e) {
    if (!(e instanceof OrchError)) throw e;
    const more = (await strict()).filter((i) => !e.issues.some((x) => x.field === i.field));
    return note(run, [...e.issues, ...more]);
  }
  const left = warned.filter((w) => w.message.startsWith('left out'));
  const mended = warned.filter((w) => !left.includes(w));
  run.out.warnings.push(...warningLines(mended));
  const covered = (i: FieldIssue) =>
    warned.some(
      (w) => i.field === w.field || i.field.startsWith(`${w.field}.`) || i.field.startsWith(`${w.field}[`),
    );
  note(run, [...left, ...(await strict()).filter((i) => !covered(i))]);
}

async function issuesOf(fn: () => Promise<unknown>): Promise<FieldIssue[]> {
  try {
    await fn();
    return [];
  } catch (e) {
    if (e instanceof OrchError) return e.issues;
    throw e;
  }
}

/** session.json (required) and state.json. */
async function checkJsonFiles(run: Run, p: OrchPaths): Promise<void> {
  for (const [file, kind] of [
    [p.sessionFile, 'session'],
    [p.stateFile, 'state'],
  ] as const) {
    const text = readText(p, file);
    if (text === null) {
      if (kind === 'session')
        note(run, [{ file: rel(p, file), field: '', message: 'no orchestrator session' }]);
      continue;
    }
    const parse = (mode: 'strict' | 'read') =>
      parseJsonDoc(text, kind, mode, rel(p, file), kind === 'state' ? checkState : undefined);
    await judge(
      run,
      rel(p, file),
      async () => {
        const r = parse('strict');
        return r.ok ? [] : r.issues;
      },
      async () => {
        const r = parse('read');
        if (!r.ok) throw new OrchError(r.issues);
        return r.warnings ?? [];
      },
    );
  }
}

/** knowledge.yaml and the contracts of one request (default: all). */
async function checkYamlFiles(run: Run, p: OrchPaths, request?: string): Promise<void> {
  const ktext = readText(p, p.knowledgeFile);
  if (ktext !== null && ktext.trim()) {
    await judge(
      run,
      rel(p, p.knowledgeFile),
      () => issuesOf(() => readKnowledgeDoc(p, 'strict')),
      async () => (await readKnowledgeDoc(p, 'read'))?.warnings ?? [],
    );
  }
  for (const r of request ? [request] : listRequests(p)) {
    for (const c of listContracts(p, r)) {
      await judge(
        run,
        rel(p, c.file),
        () => issuesOf(() => readContract(p, c.kind, c.ids, 'strict')),
        async () => (await readContract(p, c.kind, c.ids, 'read'))?.warnings ?? [],
      );
    }
  }
}

/** Template overrides: variables the role does not receive render empty. */
function checkTemplates(env: OpsEnv, p: OrchPaths, out: ValidateReport): void {
  for (const dir of [p.templatesDir, configTemplatesDir(p, env.cfg.templatesDir)]) {
    if (!dir || !existsSync(dir)) continue;
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.md'))) {
      const role = name.slice(0, -3);
      const file = join(dir, name);
      out.checked.push(rel(p, file));
      if (!(ROLES as readonly string[]).includes(role)) {
        out.warnings.push(`${rel(p, file)}: not a role template (roles: ${ROLES.join(', ')})`);
        continue;
      }
      const text = readTemplateText(p, file);
      if (text === null) {
        out.warnings.push(`${rel(p, file)}: not read (a symbolic link, FIFO or special file, or too big)`);
        continue;
      }
      for (const v of unknownVars(text))
        out.issues.push({ file: rel(p, file), field: `{{${v}}}`, message: 'unknown variable' });
      for (const v of foreignVars(role as keyof typeof ROLE_SPECS, text).filter(
        (v) => !unknownVars(text).includes(v),
      ))
        out.warnings.push(`${rel(p, file)}: {{${v}}} is not part of the ${role} context and renders empty`);
    }
  }
}
