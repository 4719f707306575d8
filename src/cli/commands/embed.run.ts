// `self-gen embed`: embed the KB entries that have no vector yet (normally done after each session).
import { batchEmbedder, VECTOR_OFF } from '../../embed/index.js';
import { generateErrorEmbeddings, pendingEmbeddings } from '../../error-kb/index.js';
import { CliError } from '../errors.js';
import { openForReading } from '../read-db.js';

export interface EmbedOptions {
  limit?: number;
  daemonOnly?: boolean;
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

export async function runEmbed(_args: [], o: EmbedOptions): Promise<void> {
  const db = openForReading();
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
}
