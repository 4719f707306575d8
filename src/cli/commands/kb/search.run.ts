// `self-gen kb search <error...>`: the KB lookup exactly as the hooks do it (docs/error-kb.md).
import { loadConfig } from '../../../common/config.js';
import { oneLine } from '../../../common/redact.js';
import {
  daemonEmbedder,
  pingDaemon,
  type Embedder,
  modelStatus,
  runtimePresent,
} from '../../../embed/index.js';
import {
  errorKey,
  DEFAULT_TIERS,
  SEED_TIERS,
  searchMode,
  searchErrorKB,
  type KbMatch,
  type KbTier,
  type SearchTrace,
  resolutionNeverAdvised,
} from '../../../error-kb/index.js';
import type { DB } from '../../../db/db.js';
import { entryJson, formatEntry, judgedDb } from './common.js';

export interface KbSearchOptions {
  tiers?: KbTier[];
  localModel?: boolean;
  normalized?: boolean;
  bump?: boolean;
  explain?: boolean;
  json?: boolean;
}

function matchLine(m: KbMatch): string {
  if (m.tier === 'prefix') return 'prefix tier (seed 001: the first 30 characters, length ratio ≥ 0.7)';
  if (m.tier === 'vector')
    return `vector tier, distance ${m.distance?.toFixed(3)} (L2 on unit vectors; cosine distance ${m.cosine?.toFixed(3)})`;
  return `${m.tier} tier, matcher probability ${m.score?.toFixed(3)}`;
}

/**
 * The query embedder for the CLI: the daemon; else ('auto', `--local-model`) the local model when
 * present; else none. `how` says which, and, with none, why (what is missing to get one).
 */
async function cliEmbedder(
  mode: 'auto' | 'daemon' | 'none',
): Promise<{ embedder: Embedder | null; how: string }> {
  if (mode === 'none') return { embedder: null, how: 'vector tier not asked for' };
  const env = process.env;
  if (await pingDaemon({ env, timeoutMs: 300 }))
    return { embedder: daemonEmbedder({ env, timeoutMs: 5000 }), how: 'query embedded by the daemon' };
  // as in a hook, no daemon means no vector tier; what is missing for one is said (a daemon needs both)
  const none = mode === 'daemon' ? 'no daemon answers, ' : '';
  const config = loadConfig(env);
  if (!modelStatus(config, env).present)
    return { embedder: null, how: `${none}model not downloaded: text tiers only (\`self-gen model pull\`)` };
  if (!runtimePresent(env))
    return {
      embedder: null,
      how: `${none}embedding runtime not installed: text tiers only (\`self-gen model pull\`)`,
    };
  if (mode === 'daemon')
    return {
      embedder: null,
      how: 'no daemon answers: text tiers only, as in a hook (`--local-model` embeds the query with the local model here)',
    };
  const { loadLocalEmbedder } = await import('../../../embed/local.js');
  return {
    embedder: await loadLocalEmbedder(config, env),
    how: 'query embedded by the local model (no daemon running)',
  };
}

/** `--explain`: the matcher's features, probability and threshold for its best candidates. */
function explainScores(trace: SearchTrace): void {
  if (!trace.scored) return;
  console.log(`  matcher: threshold ${trace.threshold}; best candidates:`);
  for (const s of trace.scored) {
    const f = Object.entries(s.features)
      .filter(([, v]) => v !== 0)
      .map(([k, v]) => `${k} ${Number(v.toFixed(2))}`)
      .join(', ');
    console.log(
      `    #${s.entry.id} p ${s.p.toFixed(3)} ${s.p >= (trace.threshold ?? 1) ? '≥' : '<'} threshold${s.features.tplSame === 1 ? ', same template (the rule answers whatever p)' : ''}: ${f}`,
    );
    console.log(`      ${oneLine(s.entry.error_normalized, 120)}`);
  }
}

function printJson(db: DB, m: KbMatch | null, trace: SearchTrace, how: string): void {
  const out = {
    normalized: trace.normalized,
    match: m ? entryJson(db, m) : null,
    trace: trace.tiers,
    threshold: trace.threshold,
    candidates: trace.scored?.map((s) => ({ id: s.entry.id, p: s.p, features: s.features })),
    embedder: how,
  };
  console.log(JSON.stringify(out, null, 2));
}

function printText(
  db: DB,
  text: string,
  m: KbMatch | null,
  trace: SearchTrace,
  how: string,
  explain?: boolean,
): void {
  console.log(`normalized: ${trace.normalized ?? errorKey(text).normalized}`);
  if (explain) {
    console.log(`(${how})`);
    for (const t of trace.tiers)
      console.log(`  ${t.tier.padEnd(8)} ${t.ms.toFixed(2).padStart(7)} ms  ${t.result}`);
    explainScores(trace);
  }
  if (!m) console.log('no match (entries holding any of these words: `self-gen kb find <words...>`)');
  else console.log(`match: ${matchLine(m)}\n${formatEntry(m, resolutionNeverAdvised(db, m))}`);
}

export async function runKbSearch([words]: [string[]], o: KbSearchOptions): Promise<void> {
  const db = await judgedDb(); // so a withheld fix is labelled, not printed
  const text = words.join(' ');
  const tiers = o.tiers ?? (searchMode(process.env) === 'seed' ? SEED_TIERS : DEFAULT_TIERS);
  // the hooks ask the daemon only; without one the vector tier is skipped, as in a hook
  const { embedder, how } = await cliEmbedder(
    !tiers.includes('vector') ? 'none' : o.localModel ? 'auto' : 'daemon',
  );
  const trace: SearchTrace = { tiers: [] };
  try {
    const m = await searchErrorKB(db, text, {
      embedder,
      tiers,
      normalized: o.normalized,
      bump: !!o.bump,
      trace,
    });
    if (o.json) printJson(db, m, trace, how);
    else printText(db, text, m, trace, how, o.explain);
    if (!m) process.exitCode = 1;
  } finally {
    await embedder?.close?.();
    db.close();
  }
}
