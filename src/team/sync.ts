// One team sync: push this machine's proven fixes (what changed since the last push, tombstones for
// what is gone, forgets), then pull every other member's rows after its cursor. Safe to interrupt
// anywhere: a push is one PostgreSQL transaction and is recorded here only after it committed (a
// push repeated changes nothing: rows are set, never added to); each pulled page is applied in one
// SQLite transaction together with its member's cursor (pages are applied in small batches). Nothing but the KB's fix rows leaves the
// machine (no prompt, event or transcript: test/integration/team-store-security.test.ts).
import { createHash, randomUUID } from 'node:crypto';
import type { DB } from '../db/db.js';
import { kvGet, kvSet } from '../db/kv.js';
import { knownProjects } from '../db/overview.js';
import { redact } from '../common/redact.js';
import {
  fixProjectPaths,
  forgetPushed,
  localProvenFixes,
  setTeamProjects,
  unpushedForgets,
  forgetFromTeam,
  recordTeamFix,
  removeTeamFix,
} from '../error-kb/index.js';
import { projectIdentity, type ProjectIdentity } from './identity.js';
import { cursors, pushedDigests, pushedKey, setCursor, setPushed } from './local.js';
import {
  memberSeqs,
  pullPage,
  pushRows,
  currentMember,
  type Client,
  type PushRow,
  type StoreRow,
} from './pg.js';
import { loadTeamPolicy, teamFixAllowed } from './safety.js';
import { reviewFixPolicy } from '../fix-policy/index.js';

const FORGET = '*';
/** Rows applied per SQLite transaction. */
const APPLY_BATCH = 50;
const breathe = () => new Promise((r) => setTimeout(r, 2));

/** This data home's id in the store (one member may sync from several machines). */
export function machineId(db: DB): string {
  let id = kvGet(db, 'team.machine');
  if (!id) {
    id = randomUUID();
    kvSet(db, 'team.machine', id);
  }
  return id;
}

/** The team identity of each local project folder the KB or the events know (and `extra` ones). */
export function projectIdentities(
  db: DB,
  machine: string,
  record = true,
  extra: readonly string[] = [],
): Map<string, ProjectIdentity> {
  const folders = new Set([...fixProjectPaths(db), ...extra]);
  for (const p of knownProjects(db, 200)) if (p.path) folders.add(p.path);
  const out = new Map<string, ProjectIdentity>();
  for (const f of folders) out.set(f, projectIdentity(f, machine));
  if (record)
    db.transaction(() =>
      setTeamProjects(
        db,
        [...out].map(([projectPath, i]) => ({ projectPath, projectId: i.id, name: i.name })),
      ),
    ).immediate();
  return out;
}

export interface PushPlan {
  rows: PushRow[];
  digests: { projectId: string; errorKey: string; fixKey: string; digest: string }[];
  forgets: { error_key: string; ts: string }[];
  fixes: number;
  tombstones: number;
  /** Proven fixes held back by the safety check. */
  unsafe: number;
}

const digestOf = (r: PushRow) =>
  createHash('sha1')
    .update(
      JSON.stringify([
        r.projectName,
        r.errorRaw,
        r.resolution,
        r.resolvedBy,
        r.toolSequence,
        r.proof,
        r.confirmations,
        r.firstTs,
        r.lastTs,
      ]),
    )
    .digest('hex');

/** What a push would send: new or changed fixes, tombstones for fixes gone since, forgets. */
export function planPush(db: DB, ids: Map<string, ProjectIdentity>, now = new Date()): PushPlan {
  const agg = new Map<string, PushRow>();
  let unsafe = 0;
  for (const r of localProvenFixes(db)) {
    const idn = ids.get(r.project_path);
    if (!idn) continue;
    if (!teamFixAllowed(r.resolution, r.proof) || redact(r.error_key) !== r.error_key) {
      unsafe++;
      continue;
    }
    const k = pushedKey(idn.id, r.error_key, r.fix_key);
    const cur = agg.get(k);
    if (cur) {
      cur.confirmations += r.confirmations;
      if (r.last_ts > cur.lastTs) cur.lastTs = r.last_ts;
      if (r.first_ts < cur.firstTs) cur.firstTs = r.first_ts;
      continue;
    }
    agg.set(k, {
      projectId: idn.id,
      projectName: idn.name,
      errorKey: r.error_key,
      fixKey: r.fix_key,
      errorRaw: r.error_raw === null ? null : redact(r.error_raw),
      resolution: r.resolution,
      resolvedBy: r.resolved_by,
      toolSequence: r.tool_sequence,
      proof: r.proof,
      confirmations: r.confirmations,
      firstTs: r.first_ts,
      lastTs: r.last_ts,
      deleted: false,
    });
  }
  const pushed = pushedDigests(db);
  const plan: PushPlan = { rows: [], digests: [], forgets: [], fixes: 0, tombstones: 0, unsafe };
  for (const [k, row] of agg) {
    const digest = digestOf(row);
    if (pushed.get(k) === digest) continue;
    plan.rows.push(row);
    plan.digests.push({ projectId: row.projectId, errorKey: row.errorKey, fixKey: row.fixKey, digest });
    plan.fixes++;
  }
  const ts = now.toISOString();
  const gone = (projectId: string, errorKey: string, fixKey: string, proof: string): PushRow => ({
    projectId,
    projectName: '',
    errorKey,
    fixKey,
    errorRaw: null,
    resolution: '',
    resolvedBy: null,
    toolSequence: null,
    proof,
    confirmations: 0,
    firstTs: ts,
    lastTs: ts,
    deleted: true,
  });
  for (const [k, digest] of pushed) {
    if (digest === 'deleted' || agg.has(k)) continue;
    const [projectId, errorKey, fixKey] = k.split('\u0000') as [string, string, string];
    plan.rows.push(gone(projectId, errorKey, fixKey, 'tombstone'));
    plan.digests.push({ projectId, errorKey, fixKey, digest: 'deleted' });
    plan.tombstones++;
  }
  for (const f of unpushedForgets(db)) {
    plan.rows.push(gone(FORGET, f.error_key, FORGET, 'forget'));
    plan.forgets.push(f);
  }
  return plan;
}

export interface PullReport {
  rows: number;
  applied: number;
  unsafe: number;
  tombstones: number;
  forgets: number;
}

/** Applies one pulled row (inside the page's transaction). */
function applyRow(db: DB, r: StoreRow, rep: PullReport): void {
  if (r.fix_key === FORGET && r.project_id === FORGET) {
    if (r.deleted) {
      forgetFromTeam(db, r.error_key, r.updated_at);
      rep.forgets++;
    }
    return;
  }
  const who = {
    errorKey: r.error_key,
    fixKey: r.fix_key,
    member: r.member,
    machine: r.machine,
    projectId: r.project_id,
  };
  if (r.deleted) {
    removeTeamFix(db, who);
    rep.tombstones++;
    return;
  }
  if (!teamFixAllowed(r.resolution, r.proof)) {
    // checked again here: a teammate's fix that this machine's policy refuses is never taken
    removeTeamFix(db, who);
    rep.unsafe++;
    return;
  }
  const ok = recordTeamFix(db, {
    errorKey: r.error_key,
    errorRaw: r.error_raw,
    fixKey: r.fix_key,
    resolution: r.resolution,
    resolvedBy: r.resolved_by,
    toolSequence: r.tool_sequence,
    proof: r.proof,
    firstTs: r.first_ts,
    member: r.member,
    machine: r.machine,
    projectId: r.project_id,
    projectName: r.project_name,
    confirmations: r.confirmations,
    lastTs: r.last_ts,
    updatedAt: r.updated_at,
  });
  if (ok) rep.applied++; // else: a secret, a manual or unknown proof, or forgotten here since
}

export interface SyncOptions {
  db: DB;
  client: Client;
  muted: readonly string[];
  pageSize?: number;
  now?: () => Date;
  /** Called after each committed step. */
  onStep?: (step: 'pushed' | 'page') => void | Promise<void>;
  /** Project folders to identify besides those the KB and events know (the CLI's own project). */
  projects?: readonly string[];
}

export interface SyncReport {
  member: string;
  machine: string;
  pushed: { fixes: number; tombstones: number; forgets: number; unsafe: number };
  pulled: PullReport;
  at: string;
}

/** Pushes what changed here. */
export async function push(o: SyncOptions, machine: string): Promise<SyncReport['pushed']> {
  const plan = planPush(o.db, projectIdentities(o.db, machine, true, o.projects), o.now?.());
  if (plan.rows.length) {
    const storeTs = await pushRows(o.client, machine, plan.rows);
    o.db
      .transaction(() => {
        setPushed(o.db, plan.digests);
        for (const f of plan.forgets) forgetPushed(o.db, f.error_key, f.ts, storeTs);
      })
      .immediate();
    await o.onStep?.('pushed');
  }
  return {
    fixes: plan.fixes,
    tombstones: plan.tombstones,
    forgets: plan.forgets.length,
    unsafe: plan.unsafe,
  };
}

/** Pulls every member's rows after its cursor (muted members skipped, this machine's own rows skipped). */
export async function pull(o: SyncOptions, me: string, machine: string): Promise<PullReport> {
  const rep: PullReport = { rows: 0, applied: 0, unsafe: 0, tombstones: 0, forgets: 0 };
  const muted = new Set(o.muted);
  const cur = cursors(o.db);
  for (const m of await memberSeqs(o.client)) {
    if (muted.has(m.member)) continue;
    let after = cur.get(m.member) ?? 0;
    while (after < m.lastSeq) {
      const page = await pullPage(o.client, m.member, after, o.pageSize ?? 2000);
      if (page.length === 0) break;
      // short write transactions, each with its cursor, and a breath between them: a hook writing
      // to the same database beside the sync waits for one small batch at most
      for (let i = 0; i < page.length; i += APPLY_BATCH) {
        const batch = page.slice(i, i + APPLY_BATCH);
        o.db
          .transaction(() => {
            for (const r of batch) {
              if (r.member === me && r.machine === machine) continue;
              rep.rows++;
              applyRow(o.db, r, rep);
            }
            setCursor(o.db, m.member, batch.at(-1)!.seq);
          })
          .immediate();
        await breathe();
      }
      after = page.at(-1)!.seq;
      await o.onStep?.('page');
    }
  }
  return rep;
}

/** A full sync: push, then pull; records when it last completed. */
export async function syncOnce(o: SyncOptions): Promise<SyncReport> {
  await loadTeamPolicy();
  const machine = machineId(o.db);
  const me = await currentMember(o.client);
  const pushed = await push(o, machine);
  const pulled = await pull(o, me, machine);
  // the pulled fixes get their stored verdicts now, so the hooks may advise them at once
  await reviewFixPolicy(o.db).catch(() => 0);
  const at = (o.now?.() ?? new Date()).toISOString();
  const report: SyncReport = { member: me, machine, pushed, pulled, at };
  kvSet(o.db, 'team.member', me);
  kvSet(o.db, 'team.lastSync', JSON.stringify(report));
  return report;
}

/** The last completed sync, or null. */
export function lastSync(db: DB): SyncReport | null {
  try {
    const v = kvGet(db, 'team.lastSync');
    return v ? (JSON.parse(v) as SyncReport) : null;
  } catch {
    return null;
  }
}
