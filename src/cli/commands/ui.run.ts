// `self-gen ui`: the local dashboard (docs/dashboard.md).
import { getSection, loadConfig } from '../../common/config.js';
import { paths } from '../../common/paths.js';
import { getProjectName, getProjectPath } from '../../common/project.js';
import { openDb, type DB } from '../../db/db.js';
import {
  loadAssets,
  type UiAssets,
  UiAuth,
  openBrowser,
  removeLauncher,
  writeLauncher,
  startUiServer,
} from '../../ui/index.js';
import { CliError } from '../errors.js';

export interface UiOptions {
  port?: number;
  open: boolean;
}

type UiServer = Awaited<ReturnType<typeof startUiServer>>;

async function start(db: DB, assets: UiAssets, port: number): Promise<UiServer> {
  const projectPath = getProjectPath(process.cwd());
  const cfg = getSection(loadConfig(), 'orchestrator');
  try {
    return await startUiServer(
      {
        db,
        env: process.env,
        auth: new UiAuth(),
        assets,
        current: { name: getProjectName(projectPath), path: projectPath },
        maxRetries: cfg.maxRetries,
      },
      port,
    );
  } catch (e) {
    db.close();
    const code = (e as NodeJS.ErrnoException).code;
    throw new CliError(
      `cannot listen on 127.0.0.1:${port}: ${code ?? (e as Error).message}`,
      code === 'EADDRINUSE' ? 'pick another --port, or leave it out for a free one' : 'run `self-gen doctor`',
    );
  }
}

export async function runUi(_args: [], o: UiOptions): Promise<void> {
  const p = paths();
  const assets = loadAssets();
  if (!assets)
    throw new CliError(
      'the dashboard is not built (dist/ui/ is missing)',
      'run `npm run build`, then try again',
    );
  // A fresh install has no database yet: the dashboard creates it (as the first hook would) and
  // shows the empty state; what the next sessions record appears on reload.
  const db = openDb({ busyTimeoutMs: 5000 });
  const ui = await start(db, assets, o.port ?? 0);
  // Listening before anything is printed (a signal sent on seeing the URL finds its handler), and
  // for every signal (a second Ctrl-C while closing does not kill it half-way).
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void ui.close().finally(() => {
      removeLauncher(p.home, p.runDir, ui.port);
      db.close();
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`self-gen dashboard: ${ui.loginUrl()}`);
  console.log('(the link works once: it gives one browser its session)');
  if (o.open) {
    let launcher: string | null = null;
    try {
      launcher = writeLauncher(p.home, p.runDir, ui.port, ui.loginUrl());
    } catch {}
    if (!launcher || !openBrowser(launcher, process.env))
      console.log('(no browser opened: open the URL above yourself)');
  }
  console.log('Ctrl-C stops it.');
}
