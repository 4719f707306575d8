// The one safety check of the team store: every fix pushed and every fix pulled passes through
// `teamFixAllowed` (the local KB's own check today, error-kb/safety.ts; swap it here for another
// policy). A pulled fix is checked again on this machine: a teammate's store is not trusted.
import { unsafeFix } from '../error-kb/safety.js';

/** May this fix text be shared with, or taken from, the team? */
export function teamFixAllowed(resolution: string): boolean {
  return unsafeFix(resolution) === null;
}
