// The team store (docs/team.md): proven fixes shared through PostgreSQL, opt-in. Hooks never load
// this part: they read the fixes it pulled from the local SQLite database.
/** The team store's config section, checked. */
export { teamConfig } from './config.js';
/** Connects this machine to a team store. */
export { connectTeam } from './service.js';
/** Disconnects this machine from the team store. */
export { disconnectTeam } from './service.js';
/** What a sync would push and pull, without doing it. */
export { dryRun } from './service.js';
/** Mutes a member here: their fixes go from the local KB and are never pulled until unmuted. */
export { muteMember } from './service.js';
/** A connected client for the configured store; TeamError when off or unreachable. */
export { openStore } from './service.js';
/** Syncs once; `dryRun`: what a sync would push and how many rows wait to be pulled, nothing written. */
export { runSync } from './service.js';
/** The team store's status: connection, last sync, counts. */
export { teamStatus } from './service.js';
/** Unmutes a member: the next sync pulls their fixes again from the start. */
export { unmuteMember } from './service.js';
/** A team store failure, with the fix to show the user. */
export { TeamError } from './service.js';
/** What a sync would push and pull. */
export type { DryRun } from './service.js';
/** The team store's status. */
export type { TeamStatus } from './service.js';
/** The last completed sync, or null. */
export { lastSync } from './sync.js';
/** A full sync: push, then pull; records when it last completed. */
export { syncOnce } from './sync.js';
/** What a sync pushed and pulled. */
export type { SyncReport } from './sync.js';
/** The PostgreSQL schema of the team store. */
export { PG_SCHEMA } from './pg.js';
/** The version of the team store's PostgreSQL schema. */
export { PG_SCHEMA_VERSION } from './pg.js';
/** The doctor checks of the team store. */
export { teamChecks } from './checks.js';
/** The background step that syncs with the team store. */
export { teamSyncStep } from './jobs.js';
/** The same URL with any password masked, for display. */
export { displayUrl } from './url.js';
