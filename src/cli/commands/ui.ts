// `self-gen ui`: the local dashboard (docs/dashboard.md).
import type { Command } from 'commander';
import { getSection, loadConfig } from '../../common/config.js';
import { openDb } from '../../db/db.js';
import { getProjectName, getProjectPath } from '../../common/project.js';
import { OrchestratorConfig } from '../../orchestrator/schemas.js';
import { loadAssets } from '../../ui/assets.js';
import { newToken } from '../../ui/guard.js';
import { openBrowser } from '../../ui/open.js';
import { startUiServer } from '../../ui/server.js';
import { CliError } from '../errors.js';
import { intOption } from '../options.js';

export function registerUi(program: Command): void {
  program
    .command('ui')
    .description(
      'open the local dashboard: activity, knowledge base (search, edit, forget), sessions, history search, orchestrator board, suggestions',
    )
    .option('-p, --port <n>', 'the port on 127.0.0.1 (default: a free one)', intOption(0, 65535, 'a port'))
    .option('--no-open', 'do not open the browser; just print the URL')
    .addHelpText(
      'after',
      '\nThe server listens on 127.0.0.1 only and needs the random token in the printed URL (new on every start).\nStop it with Ctrl-C.\n\nExamples:\n  self-gen ui\n  self-gen ui --no-open --port 7777',
    )
    .action(async (o: { port?: number; open: boolean }) => {
      const assets = loadAssets();
      if (!assets)
        throw new CliError(
          'the dashboard is not built (dist/ui/ is missing)',
          'run `npm run build`, then try again',
        );
      // A fresh install has no database yet: the dashboard creates it (as the first hook would) and
      // shows the empty state; what the next sessions record appears on reload.
      const db = openDb({ busyTimeoutMs: 5000 });
      const projectPath = getProjectPath(process.cwd());
      const cfg = getSection(loadConfig(), 'orchestrator', OrchestratorConfig);
      let ui;
      try {
        ui = await startUiServer(
          {
            db,
            env: process.env,
            token: newToken(),
            assets,
            current: { name: getProjectName(projectPath), path: projectPath },
            maxRetries: cfg.maxRetries,
          },
          o.port ?? 0,
        );
      } catch (e) {
        db.close();
        const code = (e as NodeJS.ErrnoException).code;
        throw new CliError(
          `cannot listen on 127.0.0.1:${o.port ?? 0}: ${code ?? (e as Error).message}`,
          code === 'EADDRINUSE'
            ? 'pick another --port, or leave it out for a free one'
            : 'run `self-gen doctor`',
        );
      }
      // Listening before anything is printed (a signal sent on seeing the URL finds its handler), and
      // for every signal (a second Ctrl-C while closing does not kill it half-way).
      let stopping = false;
      const stop = () => {
        if (stopping) return;
        stopping = true;
        void ui.close().finally(() => {
          db.close();
          process.exit(0);
        });
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
      console.log(`self-gen dashboard: ${ui.url}`);
      if (o.open && !openBrowser(ui.url))
        console.log('(no browser opener found: open the URL above yourself)');
      console.log('Ctrl-C stops it.');
    });
}
