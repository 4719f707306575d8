// `self-gen model pull`: the embedding runtime (once), then the model, then a check of it.
import { loadConfig } from '../../../common/config.js';
import {
  modelStatus,
  type PullProgress,
  installRuntime,
  runtimeDir,
  runtimePresent,
  RUNTIME_PACKAGE,
  RUNTIME_VERSION,
} from '../../../embed/index.js';
import { CliError } from '../../errors.js';
import { mb } from '../kb/common.js';

export interface ModelPullOptions {
  force?: boolean;
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

/** Download progress: one bar per file on a terminal, else one line per file done. */
async function progressReporter(): Promise<{ onProgress: (p: PullProgress) => void; stop: () => void }> {
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
  const onProgress = (p: PullProgress): void => {
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
  };
  return { onProgress, stop: () => multi?.stop() };
}

/** Downloads the model (progress bars on a terminal), then checks it. */
export async function runModelPull(_args: [], o: ModelPullOptions): Promise<void> {
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
  const { pullModel } = await import('../../../embed/pull.js');
  const progress = await progressReporter();
  try {
    const r = await pullModel(config, process.env, { force: o.force, onProgress: progress.onProgress });
    progress.stop();
    console.log(
      `model ready at ${r.status.location.dir} (${mb(r.status.bytes)}, ${r.dims} dimensions, ${(r.ms / 1000).toFixed(1)} s)`,
    );
    if (r.dims !== 384) process.exitCode = 1;
  } catch (e) {
    progress.stop();
    const { pullFailure } = await import('../../../embed/offline.js');
    const f = pullFailure(e, before.location, process.env);
    throw new CliError(f.message, f.fix);
  }
}
