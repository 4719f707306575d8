// The command table: every `self-gen` command, in the order `--help` lists them. Each module holds
// one command (its options type, its run function, its declaration); groups list their subcommands.
import type { CommandSpec } from '../command-table.js';
import { analysisCommands } from './analysis/index.js';
import { daemonCommand } from './daemon/index.js';
import { demoCommand } from './demo.js';
import { doctorCommand } from './doctor.js';
import { embedCommand } from './embed.js';
import { eventsCommand } from './events.js';
import { hookCommand } from './hook.js';
import { hooksCommand } from './hooks.js';
import { installCommand } from './install.js';
import { kbCommand } from './kb/index.js';
import { mcpCommand } from './mcp.js';
import { modelCommand } from './model/index.js';
import { orchCommand } from './orch/index.js';
import { pruneCommand } from './prune.js';
import { repairCommand } from './repair.js';
import { sharedContextCommand } from './shared-context/index.js';
import { statusCommand } from './status.js';
import { teamCommand } from './team/index.js';
import { uiCommand } from './ui.js';
import { uninstallCommand } from './uninstall.js';

export const COMMANDS: readonly CommandSpec[] = [
  installCommand,
  uninstallCommand,
  statusCommand,
  doctorCommand,
  eventsCommand,
  pruneCommand,
  hookCommand,
  kbCommand,
  embedCommand,
  modelCommand,
  daemonCommand,
  sharedContextCommand,
  orchCommand,
  ...analysisCommands,
  demoCommand,
  repairCommand,
  uiCommand,
  mcpCommand,
  hooksCommand,
  teamCommand,
];
