// The first session-end steps: store queued events, then enforce retention.
import { getDb } from '../db/db.js';
import { drainQueue } from '../db/events/queue.js';
import { pruneEvents } from '../db/retention.js';
import type { Job } from '../hook/contract/part.js';

export const drainQueueStep: Job = ({ env, config }) => {
  drainQueue(getDb({ env, busyTimeoutMs: Math.max(config.busyTimeoutMs, 5000) }), env, 100000, {
    wait: true,
  });
};

export const retentionStep: Job = ({ env, config }) => {
  pruneEvents(getDb({ env, busyTimeoutMs: 5000 }), config, env);
};

export const pruneJob: Job = ({ env, config }) => {
  pruneEvents(getDb({ env, busyTimeoutMs: 5000 }), config, env);
};
