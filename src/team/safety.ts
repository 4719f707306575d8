// The one safety check of the team store: every fix pushed and every fix pulled passes through
// `teamFixAllowed`, the local KB's own fix policy (src/fix-policy: a shell parser and an
// allow-list). A pulled fix is judged again on this machine: a teammate's store is not trusted.
// The policy's parser is loaded once per sync (`loadTeamPolicy`); until it is, nothing is shared.
import { loadFixPolicy } from '../fix-policy/index.js';

let judge: Awaited<ReturnType<typeof loadFixPolicy>> | null = null;

/** Loads the fix policy (its parser) for this process; call before planning or applying a sync. */
export async function loadTeamPolicy(): Promise<void> {
  judge ??= await loadFixPolicy();
}

/** May this fix text be shared with, or taken from, the team? Never a fix the policy withholds. */
export function teamFixAllowed(resolution: string, proof = 'same-command'): boolean {
  if (!judge) return false;
  return judge(resolution, proof).cls !== 'withheld';
}
