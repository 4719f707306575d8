// The team store (docs/team.md): proven fixes shared through PostgreSQL, opt-in. Hooks never load
// this part: they read the fixes it pulled from the local SQLite database.
export { teamConfig } from './config.js';
export {
  connectTeam,
  disconnectTeam,
  dryRun,
  muteMember,
  openStore,
  runSync,
  teamStatus,
  unmuteMember,
  TeamError,
  type DryRun,
  type TeamStatus,
} from './service.js';
export { lastSync, syncOnce, type SyncReport } from './sync.js';
export { PG_SCHEMA, PG_SCHEMA_VERSION } from './pg.js';
export { teamChecks } from './checks.js';
export { teamSyncStep } from './jobs.js';
export { displayUrl } from './url.js';
