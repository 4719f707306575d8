// `self-gen kb stats`: the KB's size, how much of it is embedded, what is used most.
import { loadConfig } from '../../../common/config.js';
import { pingDaemon, modelStatus, VECTOR_OFF } from '../../../embed/index.js';
import { kbStats } from '../../../error-kb/index.js';
import { openForReading } from '../../read-db.js';
import { mb } from './common.js';

export interface KbStatsOptions {
  json?: boolean;
}

type Stats = ReturnType<typeof kbStats>;
type Model = ReturnType<typeof modelStatus>;
type Daemon = Awaited<ReturnType<typeof pingDaemon>>;

function printStats(s: Stats, model: Model, daemon: Daemon): void {
  console.log(`entries: ${s.entries} (${s.resolved} with a resolution)`);
  console.log(
    model.present
      ? `embedded: ${s.embedded}, waiting for an embedding: ${s.pending}`
      : `embedded: ${s.embedded} (${VECTOR_OFF})`,
  );
  console.log(`lookups answered: ${s.totalUses}${s.lastUsed ? ` (last ${s.lastUsed})` : ''}`);
  if (s.byTool.length)
    console.log(`resolved by: ${s.byTool.map((t) => `${t.resolved_by ?? '-'} ${t.n}`).join(', ')}`);
  if (s.topUsed.length) {
    console.log('most used:');
    for (const t of s.topUsed)
      console.log(`  #${t.id} ${String(t.use_count).padStart(4)}×  ${t.error_normalized.slice(0, 100)}`);
  }
  console.log(
    `model: ${model.present ? `present at ${model.location.dir}` : `${VECTOR_OFF} (\`self-gen model pull\`)`}`,
  );
  console.log(`daemon: ${daemon ? `running (pid ${daemon.pid}, ${mb(daemon.rssBytes)})` : 'not running'}`);
}

export async function runKbStats(_args: [], o: KbStatsOptions): Promise<void> {
  const db = openForReading();
  try {
    const s = kbStats(db);
    const model = modelStatus(loadConfig());
    const daemon = await pingDaemon({ timeoutMs: 300 });
    if (o.json)
      console.log(
        JSON.stringify({ ...s, model: { present: model.present, dir: model.location.dir }, daemon }, null, 2),
      );
    else printStats(s, model, daemon);
  } finally {
    db.close();
  }
}
