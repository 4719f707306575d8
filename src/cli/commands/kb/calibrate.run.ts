// `self-gen kb calibrate`: the distance distributions of same-problem pairs vs unrelated errors on
// the user's own KB (needs the embedding model), and thresholds that fit them (error-kb/calibrate.ts).
import { loadConfig, type LoadedConfig } from '../../../common/config.js';
import { paths } from '../../../common/paths.js';
import { inspectDbFile, openDb } from '../../../db/db.js';
import { batchEmbedder } from '../../../embed/index.js';
import { calibrate, type Calibration, type Distribution, cosineFromL2 } from '../../../error-kb/index.js';
import { CliError } from '../../errors.js';
import { printWarning } from '../../output.js';
import { NOTHING_YET } from '../../read-db.js';

export interface KbCalibrateOptions {
  maxEntries: number;
  json?: boolean;
}

const f2 = (x: number) => x.toFixed(2);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

function distLine(name: string, d: Distribution | null): string {
  if (!d) return `${name}: none`;
  return `${name.padEnd(20)} n=${String(d.n).padEnd(5)} min ${f2(d.min)}  q1 ${f2(d.q1)}  median ${f2(d.median)}  q3 ${f2(d.q3)}  max ${f2(d.max)}`;
}

function histogram(c: Calibration): string[] {
  const s = c.same?.histogram ?? [];
  const u = c.unrelated?.histogram ?? [];
  const bins = Math.max(s.length, u.length);
  const sMax = Math.max(1, ...s);
  const uMax = Math.max(1, ...u);
  const bar = (n: number, max: number) => '#'.repeat(Math.round((n / max) * 20)).padEnd(20);
  const out = ['L2 distance     same-problem               unrelated'];
  for (let i = 0; i < bins; i++) {
    const from = i * c.binWidth;
    const label = i === bins - 1 ? `≥ ${f2(from)}` : `${f2(from)}–${f2(from + c.binWidth)}`;
    const sn = s[i] ?? 0;
    const un = u[i] ?? 0;
    if (sn === 0 && un === 0) continue;
    out.push(
      `${label.padEnd(12)}  ${bar(sn, sMax)} ${String(sn).padStart(4)}  ${bar(un, uMax)} ${String(un).padStart(4)}`,
    );
  }
  return out;
}

function printCalibration(c: Calibration, config: LoadedConfig, model: string): void {
  const current = config.embedding.thresholds;
  console.log(`KB: ${c.entries} entries looked at, ${c.embedded} embedded (${model})`);
  console.log(distLine('same-problem pairs', c.same));
  console.log(distLine('unrelated pairs', c.unrelated));
  if (c.same || c.unrelated) for (const l of histogram(c)) console.log(l);
  console.log(
    `current thresholds: accept < ${current.accept}, keyword check < ${current.reject} (L2; cosine distance ${f2(cosineFromL2(current.accept))} / ${f2(cosineFromL2(current.reject))})`,
  );
  if (c.suggested) {
    console.log(
      `suggested: accept < ${c.suggested.accept}, keyword check < ${c.suggested.reject} (${c.note})`,
    );
    console.log(
      `  to use them, put "embedding": {"thresholds": {"accept": ${c.suggested.accept}, "reject": ${c.suggested.reject}}} in ${config.path}`,
    );
  } else console.log(`no suggestion: ${c.note}`);
  if (c.at)
    console.log(
      `at accept ${c.at.thresholds.accept} / reject ${c.at.thresholds.reject}: same-problem pairs below ${pct(c.at.sameAccept)} / ${pct(c.at.sameReject)}, unrelated pairs below ${pct(c.at.unrelatedAccept)} / ${pct(c.at.unrelatedReject)}`,
    );
}

export async function runKbCalibrate(_args: [], o: KbCalibrateOptions): Promise<void> {
  if (inspectDbFile(paths().db) === 'absent') {
    printWarning(`${NOTHING_YET}; nothing to calibrate`);
    return;
  }
  const config = loadConfig();
  const embedder = await batchEmbedder({ config });
  if (!embedder)
    throw new CliError(
      'no embedding model: calibration measures distances between embeddings, and none can be made',
      'run `self-gen model pull` (or set embedding.modelPath to a local copy), then `self-gen kb calibrate`',
    );
  const db = openDb({ busyTimeoutMs: 5000 });
  try {
    const current = config.embedding.thresholds;
    const c = await calibrate(db, embedder, { current, maxEntries: o.maxEntries });
    if (o.json) console.log(JSON.stringify({ ...c, current, model: embedder.name ?? null }, null, 2));
    else printCalibration(c, config, embedder.name ?? 'model');
  } finally {
    await embedder.close?.();
    db.close();
  }
}
