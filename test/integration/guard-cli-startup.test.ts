// #33 guard: every command answers at once because the CLI loads only what the command run needs.
// What `self-gen` loads before any command runs (the static imports of dist/cli.js: commander, the
// command declarations, the output guards) holds no command's work: no database, KB, fix policy,
// shell parser, config schema, team client or embedding code. Each command's work is in its
// `<name>.run.ts`, imported when it runs. Checked on esbuild's metafile of the CLI entry built the
// way scripts/build.mjs builds it, into a temporary folder.
import { build, type Metafile } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/env.js';

/** Inputs no command declaration may load (a path fragment each, and why). */
const FORBIDDEN: [RegExp, string][] = [
  [/^src\/db\/(?!event-data\.ts$)/, 'the database'],
  [/^src\/error-kb\/(?!search-options\.ts$)/, 'the error KB'],
  [/^src\/fix-policy\//, 'the fix policy'],
  [
    /^src\/(team|embed|analysis|orchestrator\/(?!names\.ts$|paths\.ts$)|shared-context|mcp|ui)\//,
    "a part's work",
  ],
  [
    /node_modules\/(zod|web-tree-sitter|pg|hono|yaml|re2js|@modelcontextprotocol)\//,
    'a library a command loads',
  ],
];

async function cliMeta(outdir: string): Promise<Metafile> {
  const r = await build({
    absWorkingDir: ROOT,
    entryPoints: { cli: 'src/bin/cli.ts' },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: [
      'better-sqlite3',
      'sqlite-vec',
      '@huggingface/transformers',
      'onnxruntime-node',
      'sharp',
      'pg-native',
    ],
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  return r.metafile;
}

/** The inputs of every output dist/cli.js loads before a command runs (static imports only). */
function startupInputs(meta: Metafile): string[] {
  const start = Object.keys(meta.outputs).find((o) => meta.outputs[o]!.entryPoint === 'src/bin/cli.ts')!;
  const seen = new Set([start]);
  const todo = [start];
  while (todo.length)
    for (const i of meta.outputs[todo.pop()!]!.imports)
      if (i.kind === 'import-statement' && !i.external && !seen.has(i.path)) {
        seen.add(i.path);
        todo.push(i.path);
      }
  return [...new Set([...seen].flatMap((o) => Object.keys(meta.outputs[o]!.inputs)))];
}

const offending = (inputs: string[]): string[] =>
  inputs.flatMap((i) => FORBIDDEN.filter(([re]) => re.test(i)).map(([, why]) => `${i} (${why})`));

describe('the CLI starts with the command declarations only', () => {
  it("loads no command's work before the command runs (fix: move it into the command's .run.ts)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sg-cli-meta-'));
    try {
      const inputs = startupInputs(await cliMeta(dir));
      expect(inputs).toContain('src/cli/commands/kb/add.ts');
      expect(inputs).not.toContain('src/cli/commands/kb/add.run.ts');
      expect(offending(inputs)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the check can fail: a declaration that loads the database is named', () => {
    expect(
      offending(['src/cli/commands/kb/add.ts', 'src/db/db.ts', 'node_modules/zod/v4/core/api.js']),
    ).toEqual(['src/db/db.ts (the database)', 'node_modules/zod/v4/core/api.js (a library a command loads)']);
  });
});
