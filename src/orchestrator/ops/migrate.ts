// `orch migrate`: files of our earlier own format archived, what can be carried over rewritten in
// the skill's format.
import { existsSync, lstatSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readOrchText, readOrchTextOrNull } from '../fs.js';
import { readLedger, writeLedger } from '../ledger.js';
import { rel, type OrchPaths } from '../paths.js';
import type { SessionFileT } from '../schemas.js';
import {
  emptyKnowledge,
  listContracts,
  listRequests,
  nextRequestId,
  oldFormat,
  parseYamlText,
  readText,
  writeKnowledge,
  writeSession,
  writeState,
} from '../file-store.js';
import { archive, newState, nowOf, pathsOf, withLock, type OpsEnv } from './shared.js';
import { leftovers } from './validate-all.js';

export interface MigrateResult {
  moved: { from: string; to: string }[];
  written: string[];
  archive: string;
}

type Doc = Record<string, unknown>;

/** One migration: where it writes, what it did so far. */
interface Run {
  env: OpsEnv;
  p: OrchPaths;
  now: Date;
  res: MigrateResult;
  /** Moves a regular file into the archive (anything else is left alone). */
  move: (file: string) => void;
}

function isRegular(file: string): boolean {
  try {
    return lstatSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Moves every file of our earlier own format out of the skill's folders into our archive
 * (`<data home>/orchestrator/<hash>/archive/<time>/`, nothing is deleted) and writes what can be
 * carried over in the skill's format: session.json (project, manifest), state.json (the current
 * request's text; tasks start empty: run the merge again) and knowledge.yaml (entries become
 * `pattern_<n>` topics, D<n> decisions, P<n> pitfalls). Old contracts are archived, not converted:
 * let the agents write them again.
 */
export async function migrate(env: OpsEnv): Promise<MigrateResult> {
  const p = pathsOf(env);
  return withLock(p, async () => {
    const now = nowOf(env);
    const stamp = now.toISOString().replace(/[:.]/g, '-');
    const res: MigrateResult = { moved: [], written: [], archive: join(p.ownDir, 'archive', stamp) };
    const move = (f: string) => {
      if (!isRegular(f)) return;
      res.moved.push({ from: rel(p, f), to: archive(p, f, stamp) });
    };
    const run: Run = { env, p, now, res, move };
    const old = await readOld(p);
    for (const f of leftovers(p)) move(f);
    for (const r of listRequests(p)) {
      for (const c of listContracts(p, r)) {
        try {
          const d = await parseYamlText(readOrchText(p, c.file) ?? '', rel(p, c.file));
          if (oldFormat(c.kind, d)) move(c.file);
        } catch {}
      }
    }
    if (old.session) carrySession(run, old.session, old.state);
    else if (old.state) move(p.stateFile);
    if (old.knowledge) await carryKnowledge(run, old.knowledge);
    return res;
  });
}

/** session.json, state.json and knowledge.yaml when they are in our earlier own format. */
async function readOld(
  p: OrchPaths,
): Promise<{ session: Doc | null; state: Doc | null; knowledge: Doc | null }> {
  const json = (f: string): Doc | null => {
    try {
      return JSON.parse(readOrchTextOrNull(p, f) ?? '') as Doc;
    } catch {
      return null;
    }
  };
  const session = json(p.sessionFile);
  const state = json(p.stateFile);
  const ktext = readText(p, p.knowledgeFile);
  let kdata: unknown = null;
  try {
    kdata = ktext ? await parseYamlText(ktext, rel(p, p.knowledgeFile)) : null;
  } catch {}
  return {
    session: session && oldFormat('session', session) ? session : null,
    state: state && oldFormat('state', state) ? state : null,
    knowledge: kdata && oldFormat('knowledge', kdata) ? (kdata as Doc) : null,
  };
}

/** session.json (project, manifest; references go to our ledger) and the current request's text. */
function carrySession({ env, p, now, res, move }: Run, sessionOld: Doc, stateOld: Doc | null): void {
  move(p.sessionFile);
  const requests = Array.isArray(sessionOld.requests) ? (sessionOld.requests as Doc[]) : [];
  const cur = requests.find((r) => r.id === sessionOld.current_request) ?? requests[requests.length - 1];
  const manifest = (sessionOld.manifest ?? {}) as Doc;
  const session: SessionFileT = {
    version: 1,
    project: { path: p.projectRoot, name: env.projectName, hash: p.hash },
    status:
      sessionOld.status === 'active' ? 'active' : sessionOld.status === 'completed' ? 'completed' : 'stopped',
    current_task: null,
    created_at: typeof sessionOld.started_at === 'string' ? sessionOld.started_at : now.toISOString(),
    updated_at: now.toISOString(),
    manifest: {
      claude_md: typeof manifest.claude_md === 'string' ? resolve(p.projectRoot, manifest.claude_md) : null,
      agents_md: null,
    },
  };
  if (Array.isArray(manifest.reference_projects)) {
    const l = readLedger(p);
    l.references = [
      ...new Set([
        ...l.references,
        ...manifest.reference_projects.filter((x): x is string => typeof x === 'string'),
      ]),
    ];
    writeLedger(p, l);
  }
  writeSession(p, session);
  res.written.push(rel(p, p.sessionFile));
  if (stateOld || !existsSync(p.stateFile)) {
    if (stateOld) move(p.stateFile);
    const id = typeof cur?.id === 'string' ? cur.id : nextRequestId(p, null);
    writeState(p, newState(id, typeof cur?.request === 'string' ? cur.request : ''));
    res.written.push(rel(p, p.stateFile));
  }
}

/** knowledge.yaml: entries become `pattern_<n>` topics, D<n> decisions, P<n> pitfalls. */
async function carryKnowledge({ env, p, now, res, move }: Run, knowledgeOld: Doc): Promise<void> {
  move(p.knowledgeFile);
  const text = (e: unknown) =>
    typeof e === 'string'
      ? e
      : e && typeof e === 'object' && 'text' in e
        ? String((e as { text: unknown }).text)
        : '';
  const list = (x: unknown) => (Array.isArray(x) ? x.map(text).filter(Boolean) : []);
  const k = emptyKnowledge(p, env.projectName, now);
  list(knowledgeOld.patterns).forEach((t, i) => (k.patterns[`pattern_${i + 1}`] = t));
  list(knowledgeOld.decisions).forEach((t, i) =>
    k.decisions.push({
      id: `D${i + 1}`,
      topic: 'general',
      decision: t,
      rationale: '',
      refs: [],
      created_at: now.toISOString(),
    }),
  );
  list(knowledgeOld.pitfalls).forEach((t, i) =>
    k.pitfalls.push({ id: `P${i + 1}`, description: t, reason: '' }),
  );
  await writeKnowledge(p, k);
  res.written.push(rel(p, p.knowledgeFile));
}
