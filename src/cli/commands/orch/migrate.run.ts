// `self-gen orch migrate`: files of self-gen's earlier own format out of the skill's folders.
import { migrate } from '../../../orchestrator/index.js';
import { ctxOf, orchestrate, type OrchOptions } from './common.js';

export interface OrchMigrateOptions extends OrchOptions {
  json?: boolean;
}

export async function runOrchMigrate(_args: [], o: OrchMigrateOptions): Promise<void> {
  const r = await orchestrate(() => migrate(ctxOf(o)));
  if (o.json) {
    console.log(JSON.stringify(r, null, 2));
    return;
  }
  for (const m of r.moved) console.log(`moved ${m.from} → ${m.to}`);
  for (const w of r.written) console.log(`wrote ${w} (the skill's format)`);
  if (!r.moved.length && !r.written.length) console.log('nothing to migrate');
  else
    console.log(
      'old contracts are archived, not converted: run those agents again (then `self-gen orch validate`)',
    );
}
