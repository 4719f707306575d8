// #23.1: a failed native install says what to do, chosen from the end of npm's log (shown once in
// Claude Code at the next SessionStart, and by `self-gen doctor`).
import { describe, expect, it } from 'vitest';
import { failureFix } from '../../src/bin/plugin-bootstrap.js';

const DATA = '/home/u/.claude/plugins/data/self-generation-self-generation';
const ROOT = '/home/u/.claude/plugins/cache/self-generation/self-generation/0.1.0';

describe('#23.1 the fix for a failed native install', () => {
  it('registry or proxy unreachable: set them', () => {
    const fix = failureFix(
      'npm error code ENOTFOUND\nnpm error network request to https://registry.npmjs.org/better-sqlite3 failed',
      DATA,
      ROOT,
    );
    expect(fix).toMatch(/^npm cannot reach its registry: set your registry or proxy/);
    expect(fix).toContain(`CLAUDE_PLUGIN_DATA="${DATA}" node "${ROOT}/dist/plugin-bootstrap.js" --force`);
  });

  it('no compiler (GitHub unreachable, so node-gyp had to build): install the build tools', () => {
    const log = [
      'prebuild-install warn install getaddrinfo ENOTFOUND github.com',
      'gyp ERR! stack Error: not found: make',
      'npm error code 1',
    ].join('\n');
    expect(failureFix(log, DATA, ROOT)).toMatch(
      /^no C\/C\+\+ build tools to compile better-sqlite3: install them/,
    );
  });

  it('anything else: the log, then the retry command', () => {
    expect(failureFix('npm error code E404', DATA, ROOT)).toMatch(
      new RegExp(`^read ${DATA}/native-install\\.log for the cause, then run: `),
    );
  });
});
