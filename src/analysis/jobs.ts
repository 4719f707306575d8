// Background work of the analysis part. The session-end step only checks (one kv read, one indexed
// count) and, when enough new data exists, starts `worker analyze <project>` detached; the analyze
// job takes the lock, checks again and runs. Two sessions ending together run one analysis.
import { spawnNodeDetached } from '../common/process.js';
import { isEnabled } from '../common/config.js';
import { getDb } from '../db/db.js';
import { analysisConfig } from './config.js';
import { analyze, AnalysisError, autoCheck } from './run.js';
import { noteJobFailure, noteJobSuccess } from '../db/job-failures.js';
import { sessionProject as sessionProjectOf } from '../db/events/sessions.js';
import type { Job } from '../hook/contract/part.js';

/** The project a session was recorded under (first event with one). */
export function sessionProject(db: ReturnType<typeof getDb>, sessionId: string): string | null {
  return sessionProjectOf(db, sessionId)?.project ?? null;
}

export const analysisTriggerStep: Job = ({ env, config, args, log }) => {
  const sessionId = args[0];
  if (!sessionId || env.SELF_GEN_DISABLE === '1' || !isEnabled(config)) return;
  const cfg = analysisConfig(config);
  if (!cfg.auto) return;
  const db = getDb({ env, busyTimeoutMs: 5000 });
  const project = sessionProject(db, sessionId);
  if (!project) return;
  const check = autoCheck(db, cfg, project);
  log(`analysis-trigger ${project}: ${check.run ? 'start' : 'skip'} (${check.reason})`);
  if (!check.run) return;
  // process.argv[1] is this worker's own script (dist/worker.js).
  const script = process.argv[1];
  if (script) spawnNodeDetached(script, ['analyze', project], { env });
};

export const analyzeJob: Job = async ({ env, config, args, log }) => {
  const project = args[0] && args[0] !== '*' ? args[0] : null;
  if (env.SELF_GEN_DISABLE === '1' || !isEnabled(config)) return;
  const db = getDb({ env, busyTimeoutMs: 5000 });
  try {
    const r = await analyze({
      db,
      config,
      env,
      project,
      auto: true,
      onProgress: (m) => log(`analyze: ${m}`),
    });
    log(`analyze ${project ?? '*'}: ${r.status}${r.status === 'skipped' ? ` (${r.reason})` : ''}`);
    if (r.status === 'analyzed' || r.status === 'cached') noteJobSuccess(db, 'analysis');
  } catch (e) {
    log(`analyze ${project ?? '*'} failed: ${(e as Error).message}`);
    // told once at the next session start, and by status / doctor until an analysis succeeds
    try {
      noteJobFailure(
        db,
        'analysis',
        (e as Error).message,
        (e instanceof AnalysisError && e.fix) || 'run `self-gen analyze` to see the error',
      );
    } catch {}
  }
};
