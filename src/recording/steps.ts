// The first session-end steps: store queued events, then enforce retention.
import { getDb } from '../db/db.js';
import { drainQueue } from '../db/events.js';
import { pruneEvents } from '../db/retention.js';
import { registerJob, registerSessionEndStep } from '../worker/registry.js';

registerSessionEndStep('drain-queue', ({ env, config }) => {
  drainQueue(getDb({ env, busyTimeoutMs: Math.max(config.busyTimeoutMs, 5000) }), env, 100000, {
    wait: true,
  });
});

registerSessionEndStep('retention', ({ env, config }) => {
  pruneEvents(getDb({ env, busyTimeoutMs: 5000 }), config, env);
});

registerJob('prune', ({ env, config }) => {
  pruneEvents(getDb({ env, busyTimeoutMs: 5000 }), config, env);
});
