// `self-gen hook <event>`: declared for `--help` only; src/bin/cli.ts runs hooks before any parsing.
import type { CommandSpec } from '../command-table.js';

export const hookCommand: CommandSpec = {
  name: 'hook <event>',
  description:
    'run one hook by hand (the payload on stdin); installed hooks run the warm client dist/hook-warm.bash in front of the hook server, or node dist/hook.cjs (see --help)',
  help:
    '\nWhat the installed hooks run (`self-gen hooks` prints the mode, `self-gen doctor` the client):\n' +
    '  warm mode (the default where bash >= 4, or sh and curl, exist):\n' +
    '    "<bash>" -p "<package>/dist/hook-warm.bash" <Event> "<data home>/run/hook-server.port"\n' +
    '    (or sh "<package>/dist/hook-warm.sh" <Event> "<socket>" with curl), a small client that hands the\n' +
    '    payload to the warm hook server and falls back to node "<package>/dist/hook.cjs" <Event>\n' +
    '  process mode: node "<package>/dist/hook.cjs" <Event>\n' +
    '  install --project --shared: self-gen hook <Event> (this command, found on PATH)\n' +
    '\nExamples:\n  self-gen hook PreToolUse < payload.json',
};
