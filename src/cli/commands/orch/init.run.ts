// `self-gen orch init`: start (or resume) the orchestrator session of this project.
import { initSession, rel } from '../../../orchestrator/index.js';
import { printWarning } from '../../output.js';
import { ctxOf, orchestrate, type OrchOptions } from './common.js';

export interface OrchInitOptions extends OrchOptions {
  request?: string;
  claudeMd?: string;
  agentsMd?: string;
  ref?: string[];
  new?: boolean;
  json?: boolean;
}

export async function runOrchInit(_args: [], o: OrchInitOptions): Promise<void> {
  const c = ctxOf(o);
  const r = await orchestrate(() =>
    initSession(c, {
      request: o.request,
      claudeMd: o.claudeMd,
      agentsMd: o.agentsMd,
      references: o.ref,
      fresh: o.new,
    }),
  );
  if (o.json) {
    const { created, session, state, notes } = r;
    console.log(JSON.stringify({ created, session, state, requestId: r.requestId ?? null, notes }, null, 2));
    return;
  }
  for (const n of r.notes) printWarning(n);
  console.log(
    `${r.created ? 'started' : 'resumed'} the session of ${r.session.created_at} in ${rel(r.paths, r.paths.sessionDir)}`,
  );
  console.log(`CLAUDE.md for the planner: ${r.session.manifest.claude_md ?? '(none)'}`);
  if (r.requestId) console.log(`request ${r.requestId}: ${o.request}`);
  console.log(
    `next: run Code Explore and Planner in parallel (\`self-gen orch context code-explore\`, \`self-gen orch context planner\`)`,
  );
}
