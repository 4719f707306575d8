// Error-KB and embedding commands: kb search|list|add|edit|rm|stats, embed, model pull, daemon
// start|stop|status (docs/error-kb.md). Doctor checks: model present, daemon running, embeddings pending.
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { loadConfig } from '../../common/config.js';
import { openDb, type DB } from '../../db/db.js';
import { daemonEmbedder, ensureDaemon, pingDaemon, stopDaemon } from '../../embed/client.js';
import type { Embedder } from '../../embed/embedder.js';
import { batchEmbedder } from '../../embed/generate.js';
import { modelStatus, VECTOR_OFF } from '../../embed/model.js';
import { daemonPaths } from '../../common/sockets.js';
import { generateErrorEmbeddings, pendingEmbeddings } from '../../error-kb/embeddings.js';
import { editEntry, kbStats, listEntries, removeEntries } from '../../error-kb/manage.js';
import { errorKey } from '../../error-kb/error-key.js';
import { oneLine, redact } from '../../common/redact.js';
import { describeResolution, recordResolution } from '../../error-kb/record.js';
import {
  DEFAULT_TIERS,
  searchErrorKB,
  type KbEntry,
  type KbMatch,
  type KbTier,
  type SearchTrace,
} from '../../error-kb/search.js';
import { daemonLine } from '../../error-kb/checks.js';
import { registerKbCalibrate } from './kb-calibrate.js';
import { CliError } from '../errors.js';
import {
  installRuntime,
  runtimeDir,
  runtimePresent,
  RUNTIME_PACKAGE,
  RUNTIME_VERSION,
} from '../../embed/runtime.js';
import { registerKbReview, registerKbShow } from './kb-review.js';
import { openForReading } from '../read-db.js';

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

const openExisting = (): DB => openForReading();

const entryId = (v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1)
    throw new InvalidArgumentError('an entry id (a positive whole number; see `self-gen kb list`)');
  return n;
};
const count = (v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('a positive whole number');
  return n;
};

function formatEntry(e: KbEntry & { embedded?: boolean }): string {
  const lines = [`#${e.id}  ${e.error_normalized}`];
  const res = describeResolution(e);
  lines.push(`     resolution: ${res || '(none: never returned by search)'}`);
  const meta = [
    e.resolved_by ? `resolved by ${e.resolved_by}` : '',
    `used ${e.use_count ?? 0}×`,
    e.last_used ? `last used ${e.last_used}` : '',
    `recorded ${e.ts}`,
    e.embedded === undefined ? '' : e.embedded ? 'embedded' : 'no embedding yet',
  ].filter(Boolean);
  lines.push(`     ${meta.join(' · ')}`);
  return lines.join('\n');
}

function matchLine(m: KbMatch): string {
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
  const { loadLocalEmbedder } = await import('../../embed/local.js');
  return {
    embedder: await loadLocalEmbedder(config, env),
    how: 'query embedded by the local model (no daemon running)',
  };
}

async function progressBar(
  total: number,
  label: string,
): Promise<{ update: (n: number) => void; stop: () => void }> {
  if (!process.stderr.isTTY) return { update: () => {}, stop: () => {} };
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar(
    {
      format: `${label} [{bar}] {value}/{total} {percentage}% eta {eta_formatted}`,
      stream: process.stderr,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  return { update: (n) => bar.update(n), stop: () => bar.stop() };
}

export function registerKb(program: Command): void {
  const kb = program
    .command('kb')
    .description('the error knowledge base: past errors and how they were resolved');
  registerKbReview(kb);
  registerKbShow(kb);
  registerKbSearch(kb);
  registerKbList(kb);
  registerKbAdd(kb);
  registerKbEdit(kb);
  registerKbRm(kb);
  registerKbStats(kb);
  registerKbCalibrate(kb);
  registerEmbed(program);
  registerModel(program);
  registerDaemon(program);
}

const TIERS: readonly KbTier[] = ['exact', 'similar', 'vector'];
function tierList(v: string): KbTier[] {
  const list = v.split(',').map((t) => t.trim()) as KbTier[];
  const bad = list.find((t) => !TIERS.includes(t));
  if (bad) throw new InvalidArgumentError(`unknown tier ${bad} (tiers: ${TIERS.join(', ')})`);
  return list;
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
      `    #${s.entry.id} p ${s.p.toFixed(3)} ${s.p >= (trace.threshold ?? 1) ? '≥' : '<'} threshold: ${f}`,
    );
    console.log(`      ${oneLine(s.entry.error_normalized, 120)}`);
  }
}

/** `self-gen kb search <error...>`. */
function registerKbSearch(kb: Command): void {
  kb.command('search')
    .description(
      `find the KB entry for an error text exactly as the hooks do (same key, same search, same tiers: ${DEFAULT_TIERS.join(' → ')})`,
    )
    .argument('<error...>', 'the error text (quote it)')
    .option(
      '--tiers <list>',
      `the tiers to run, comma-separated (default ${DEFAULT_TIERS.join(',')})`,
      tierList,
    )
    .option('--local-model', 'when no daemon answers, embed with the local model here (hooks never do)')
    .option('--normalized', 'the text is already normalized')
    .option('--bump', 'count this lookup (use_count/last_used), as hooks do')
    .option('--explain', "print each tier's result and time, and the matcher's features, score and threshold")
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      `\nExamples:\n  self-gen kb search "Cannot find module 'react'"\n  self-gen kb search --explain "error TS2307: Cannot find module './x'"\n  self-gen kb search --tiers exact "npm ERR! code ERESOLVE"`,
    )
    .action(
      async (
        words: string[],
        o: {
          tiers?: KbTier[];
          localModel?: boolean;
          normalized?: boolean;
          bump?: boolean;
          explain?: boolean;
          json?: boolean;
        },
      ) => {
        const db = openExisting();
        const text = words.join(' ');
        const tiers = o.tiers ?? DEFAULT_TIERS;
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
          if (o.json) {
            console.log(
              JSON.stringify(
                {
                  normalized: trace.normalized,
                  match: m,
                  trace: trace.tiers,
                  threshold: trace.threshold,
                  candidates: trace.scored?.map((s) => ({ id: s.entry.id, p: s.p, features: s.features })),
                  embedder: how,
                },
                null,
                2,
              ),
            );
          } else {
            console.log(`normalized: ${trace.normalized ?? errorKey(text).normalized}`);
            if (o.explain) {
              console.log(`(${how})`);
              for (const t of trace.tiers)
                console.log(`  ${t.tier.padEnd(8)} ${t.ms.toFixed(2).padStart(7)} ms  ${t.result}`);
              explainScores(trace);
            }
            if (!m) console.log('no match');
            else console.log(`match: ${matchLine(m)}\n${formatEntry(m)}`);
          }
          if (!m) process.exitCode = 1;
        } finally {
          await embedder?.close?.();
          db.close();
        }
      },
    );
}

/** `self-gen kb list`. */
function registerKbList(kb: Command): void {
  kb.command('list')
    .description('list KB entries, newest first')
    .option('-n, --limit <n>', 'how many', count, 20)
    .option('--used', 'most used first')
    .option('-q, --contains <text>', 'only entries whose error or resolution contains this text')
    .option('--unresolved', 'only entries without a resolution')
    .option('--json', 'print JSON lines')
    .addHelpText(
      'after',
      '\nExamples:\n  self-gen kb list\n  self-gen kb list --used -n 5\n  self-gen kb list -q "module"',
    )
    .action(
      (o: { limit: number; used?: boolean; contains?: string; unresolved?: boolean; json?: boolean }) => {
        const db = openExisting();
        try {
          const rows = listEntries(db, {
            limit: o.limit,
            sort: o.used ? 'used' : 'recent',
            contains: o.contains,
            unresolved: o.unresolved,
          });
          for (const r of rows) console.log(o.json ? JSON.stringify(r) : formatEntry(r));
          if (!o.json && rows.length === 0) console.log('no entries');
        } finally {
          db.close();
        }
      },
    );
}

/** `self-gen kb add`. */
function registerKbAdd(kb: Command): void {
  kb.command('add')
    .description(
      'add (or update) an entry by hand: the error text is keyed exactly as the hooks key a tool error',
    )
    .argument('<error>', 'the error text (quote it)')
    .requiredOption('-r, --resolution <text>', 'how it is resolved')
    .option('-t, --tool <name>', 'the tool that resolves it (Bash, Edit…)')
    .option('--normalized', 'the error text is already normalized')
    .addHelpText(
      'after',
      `\nExample:\n  self-gen kb add "Cannot find module 'react'" -r "npm install (the dependency was missing)" -t Bash`,
    )
    .action(async (error: string, o: { resolution: string; tool?: string; normalized?: boolean }) => {
      // Redacted before normalisation (as hooks do) and before anything is echoed or stored.
      const key = errorKey(error);
      const text = key.raw || redact(error);
      const normalized = o.normalized ? text.trim() : key.normalized;
      if (!normalized) throw new CliError('the error text is empty', 'pass the error message in quotes');
      if (!o.resolution.trim()) throw new CliError('the resolution is empty', 'pass -r "how it was fixed"');
      const db = openDb({ busyTimeoutMs: 5000 });
      try {
        const id = recordResolution(db, normalized, {
          errorRaw: text,
          resolution: o.resolution,
          resolvedBy: o.tool,
        });
        if (id === null) throw new CliError('the entry could not be written', 'run `self-gen doctor`');
        await (await import('../../fix-policy/review.js')).reviewFixPolicy(db);
        console.log(`saved #${id}: ${normalized}`);
        console.log(
          modelStatus(loadConfig()).present
            ? 'its embedding is made by the next batch (after a session, or `self-gen embed`)'
            : `${VECTOR_OFF}: exact, prefix and keyword search find it; \`self-gen model pull\` adds search by meaning`,
        );
      } finally {
        db.close();
      }
    });
}

/** `self-gen kb edit <id>`. */
function registerKbEdit(kb: Command): void {
  kb.command('edit')
    .description(
      'change an entry: its resolution, tool, or error text (a new error text drops its embedding)',
    )
    .argument('<id>', 'the entry id (see `self-gen kb list`)', entryId)
    .option('-r, --resolution <text>', 'new resolution')
    .option('-t, --tool <name>', 'new resolving tool')
    .option('-e, --error <text>', 'new error text (normalized)')
    .option('--clear-resolution', 'remove the resolution (the entry stops being returned)')
    .addHelpText(
      'after',
      '\nExamples:\n  self-gen kb edit 12 -r "run npm ci, not npm install"\n  self-gen kb edit 12 --clear-resolution',
    )
    .action(
      async (
        id: number,
        o: { resolution?: string; tool?: string; error?: string; clearResolution?: boolean },
      ) => {
        if (
          o.resolution === undefined &&
          o.tool === undefined &&
          o.error === undefined &&
          !o.clearResolution
        ) {
          throw new CliError('nothing to change', 'pass -r, -t, -e or --clear-resolution');
        }
        const db = openExisting();
        try {
          let e: KbEntry | null;
          try {
            const { reviewFixPolicy } = await import('../../fix-policy/index.js');
            e = await editEntry(
              db,
              id,
              { resolution: o.clearResolution ? null : o.resolution, resolvedBy: o.tool, error: o.error },
              reviewFixPolicy,
            );
          } catch (err) {
            const msg = (err as Error).message;
            if (/UNIQUE/i.test(msg))
              throw new CliError(
                `another entry already has that error text`,
                'edit or remove that entry instead (`self-gen kb list -q …`)',
              );
            throw new CliError(msg);
          }
          if (!e) throw new CliError(`no entry #${id}`, 'see `self-gen kb list`');
          console.log(formatEntry(e));
        } finally {
          db.close();
        }
      },
    );
}

/** `self-gen kb rm <id>`. */
function registerKbRm(kb: Command): void {
  kb.command('rm')
    .description('delete entries (and their embeddings)')
    .argument('<ids...>', 'entry ids', (v: string, prev: number[] = []) => [...prev, entryId(v)])
    .addHelpText('after', '\nExample:\n  self-gen kb rm 12 13')
    .action(async (ids: number[]) => {
      const db = openExisting();
      try {
        const n = await removeEntries(db, ids);
        if (n === 0)
          throw new CliError(`no entry ${ids.map((i) => '#' + i).join(', ')}`, 'see `self-gen kb list`');
        console.log(`deleted ${n} entr${n === 1 ? 'y' : 'ies'}`);
      } finally {
        db.close();
      }
    });
}

/** `self-gen kb stats`. */
function registerKbStats(kb: Command): void {
  kb.command('stats')
    .description('how big the KB is, how much of it is embedded, what is used most')
    .option('--json', 'machine-readable output')
    .action(async (o: { json?: boolean }) => {
      const db = openExisting();
      try {
        const s = kbStats(db);
        const config = loadConfig();
        const model = modelStatus(config);
        const daemon = await pingDaemon({ timeoutMs: 300 });
        if (o.json) {
          console.log(
            JSON.stringify(
              { ...s, model: { present: model.present, dir: model.location.dir }, daemon },
              null,
              2,
            ),
          );
          return;
        }
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
            console.log(
              `  #${t.id} ${String(t.use_count).padStart(4)}×  ${t.error_normalized.slice(0, 100)}`,
            );
        }
        console.log(
          `model: ${model.present ? `present at ${model.location.dir}` : `${VECTOR_OFF} (\`self-gen model pull\`)`}`,
        );
        console.log(
          `daemon: ${daemon ? `running (pid ${daemon.pid}, ${mb(daemon.rssBytes)})` : 'not running'}`,
        );
      } finally {
        db.close();
      }
    });
}

/** `self-gen embed`. */
function registerEmbed(program: Command): void {
  program
    .command('embed')
    .description('embed the KB entries that have no vector yet, now (normally done after each session)')
    .option('--limit <n>', 'at most this many entries', count)
    .option('--daemon-only', 'only through a running daemon (never load the model in this process)')
    .addHelpText('after', '\nExample:\n  self-gen embed')
    .action(async (o: { limit?: number; daemonOnly?: boolean }) => {
      const db = openExisting();
      try {
        const pending = await pendingEmbeddings(db);
        if (pending === 0) {
          console.log('every entry already has an embedding');
          return;
        }
        const embedder = await batchEmbedder({ daemonOnly: o.daemonOnly });
        if (!embedder) {
          throw new CliError(
            o.daemonOnly ? 'no embedding daemon answers' : `no embedding model: ${VECTOR_OFF}`,
            o.daemonOnly
              ? 'start it with `self-gen daemon start`'
              : 'run `self-gen model pull` (or set embedding.modelPath to a local copy)',
          );
        }
        const bar = await progressBar(Math.min(pending, o.limit ?? pending), 'embedding');
        try {
          const r = await generateErrorEmbeddings(db, embedder, {
            limit: o.limit,
            onProgress: (d) => bar.update(d),
          });
          bar.stop();
          console.log(
            `embedded ${r.embedded}, failed ${r.failed} (of ${r.pending} without an embedding)${r.error ? `: ${r.error}` : ''}`,
          );
          if (r.failed > 0 || r.error) process.exitCode = 1;
        } finally {
          bar.stop();
          await embedder.close?.();
        }
      } finally {
        db.close();
      }
    });
}

/** `self-gen model pull`. */
function registerModel(program: Command): void {
  const model = program
    .command('model')
    .description('the embedding model (Xenova/paraphrase-multilingual-MiniLM-L12-v2, q8)');
  model
    .command('pull')
    .description(
      'install the embedding runtime (~450 MB, once) and download the model (~118 MB) into the data home, then check it',
    )
    .option('--force', 'download again even when present')
    .addHelpText(
      'after',
      '\nOffline machines: copy the model folder (config.json, tokenizer.json, onnx/model_quantized.onnx) and set\n"embedding": {"modelPath": "/path/to/folder"} in ~/.self-generation/config.json.\n\nExample:\n  self-gen model pull',
    )
    .action(modelPull);
}

/** The embedding runtime is an optional install (src/embed/runtime.ts): `model pull` brings it first. */
async function ensureRuntime(): Promise<void> {
  if (runtimePresent()) return;
  console.log(
    `installing the embedding runtime (${RUNTIME_PACKAGE} ${RUNTIME_VERSION} with ONNX Runtime, ~450 MB) into ${runtimeDir()} …`,
  );
  try {
    await installRuntime();
  } catch (e) {
    throw new CliError(
      `the embedding runtime could not be installed: ${(e as Error).message}`,
      'npm must reach its registry: set your registry or proxy (`npm config set registry <url>`, `npm config set proxy <url>`), then run `self-gen model pull` again',
    );
  }
}

/** `self-gen model pull`: downloads the model (progress bars on a terminal), then checks it. */
async function modelPull(o: { force?: boolean }): Promise<void> {
  const config = loadConfig();
  await ensureRuntime();
  const before = modelStatus({ ...config, embedding: { ...config.embedding, modelPath: undefined } });
  if (before.present && !o.force) {
    console.log(`already present at ${before.location.dir} (${mb(before.bytes)}); --force downloads again`);
    return;
  }
  if (config.embedding.modelPath)
    console.log(
      `note: embedding.modelPath (${config.embedding.modelPath}) is set and is used instead of this download`,
    );
  const { pullModel } = await import('../../embed/pull.js');
  const tty = process.stderr.isTTY;
  const { default: cliProgress } = await import('cli-progress');
  const multi = tty
    ? new cliProgress.MultiBar(
        {
          format: '{file} [{bar}] {percentage}% {size}',
          stream: process.stderr,
          hideCursor: true,
          clearOnComplete: false,
        },
        cliProgress.Presets.shades_classic,
      )
    : null;
  const bars = new Map<string, ReturnType<NonNullable<typeof multi>['create']>>();
  const seen = new Set<string>();
  try {
    const r = await pullModel(config, process.env, {
      force: o.force,
      onProgress: (p) => {
        if (!p.file) return;
        if (!tty) {
          if (p.status === 'done' && !seen.has(p.file)) {
            seen.add(p.file);
            console.log(`downloaded ${p.file}`);
          }
          return;
        }
        if (p.status !== 'progress' && p.status !== 'done') return;
        const total = p.total || 1;
        let bar = bars.get(p.file);
        if (!bar && multi) {
          bar = multi.create(total, 0, { file: p.file.padEnd(28), size: '' });
          bars.set(p.file, bar);
        }
        bar?.setTotal(total);
        bar?.update(p.status === 'done' ? total : (p.loaded ?? 0), {
          size: mb(p.status === 'done' ? total : (p.loaded ?? 0)),
        });
      },
    });
    multi?.stop();
    console.log(
      `model ready at ${r.status.location.dir} (${mb(r.status.bytes)}, ${r.dims} dimensions, ${(r.ms / 1000).toFixed(1)} s)`,
    );
    if (r.dims !== 384) process.exitCode = 1;
  } catch (e) {
    multi?.stop();
    const { pullFailure } = await import('../../embed/offline.js');
    const f = pullFailure(e, before.location, process.env);
    throw new CliError(f.message, f.fix);
  }
}

/** `self-gen daemon status|start|stop`. */
function registerDaemon(program: Command): void {
  const daemon = program
    .command('daemon')
    .description('the embedding daemon (keeps the model loaded for hooks)');
  daemon
    .command('status')
    .description('is it running, with which model, how much memory')
    .option('--json', 'machine-readable output')
    .action(async (o: { json?: boolean }) => {
      const info = await pingDaemon({ timeoutMs: 500 });
      if (o.json) console.log(JSON.stringify(info));
      else console.log(info ? daemonLine(info) : `not running (socket ${daemonPaths().socket})`);
      if (!info) process.exitCode = 1;
    });
  daemon
    .command('start')
    .description('start it now (SessionStart does this when the model is present)')
    .action(async () => {
      const config = loadConfig();
      if (!modelStatus(config).present)
        throw new CliError('the embedding model is not downloaded', 'run `self-gen model pull`');
      const r = await ensureDaemon();
      if (r === 'running') {
        console.log('already running');
        return;
      }
      if (r !== 'spawned')
        throw new CliError(
          `could not start the daemon (${r})`,
          'run `npm run build` in the self-generation folder',
        );
      for (let i = 0; i < 100; i++) {
        await new Promise((res) => setTimeout(res, 100));
        const info = await pingDaemon({ timeoutMs: 300 });
        if (info?.loaded) {
          console.log(daemonLine(info));
          return;
        }
      }
      throw new CliError('the daemon did not come up within 10 s', `see ${daemonPaths().log}`);
    });
  daemon
    .command('stop')
    .description('ask it to exit')
    .action(async () => {
      console.log((await stopDaemon()) ? 'stopped' : 'not running');
    });
}
