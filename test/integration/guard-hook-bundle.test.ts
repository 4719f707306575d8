// #16 guard: the hook path never loads @huggingface/transformers (hundreds of MB of model runtime;
// the embedding daemon and the worker load it, a hook never does). Checked on esbuild's metafiles
// of the real build (scripts/build.mjs writes them to node_modules/.cache/self-generation): every
// output a hook entry can load — statically or through a lazy chunk — neither bundles a module of
// that package nor imports it (it is external, so the import would run at load time).
import { build, type Metafile } from 'esbuild';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/env.js';

const FORBIDDEN = '@huggingface/transformers';
const META = join(ROOT, 'node_modules', '.cache', 'self-generation', 'build-meta.json');

/** The entry files a hook process (or the warm-mode hook server) starts from. */
const HOOK_ENTRIES = [
  'src/bin/hook.ts',
  'src/bin/hook.cts',
  'src/bin/hook-main.ts',
  'src/bin/hook-server.ts',
];

/** Everything an entry's output can load: its own output, then each import (static or dynamic), transitively. */
function reachable(meta: Metafile, entry: string): string[] {
  const start = Object.entries(meta.outputs).find(([, o]) => o.entryPoint === entry)?.[0];
  if (!start) return [];
  const seen = new Set([start]);
  const todo = [start];
  while (todo.length) {
    for (const imp of meta.outputs[todo.pop()!]?.imports ?? []) {
      if (imp.external || seen.has(imp.path) || !meta.outputs[imp.path]) continue;
      seen.add(imp.path);
      todo.push(imp.path);
    }
  }
  return [...seen];
}

/** `output: why` for each output reachable from the entries that bundles or imports the package. */
export function forbiddenInHookBundle(metas: Metafile[], entries: string[], pkg = FORBIDDEN): string[] {
  const out: string[] = [];
  const isPkg = (p: string) => p === pkg || p.startsWith(`${pkg}/`) || p.includes(`node_modules/${pkg}/`);
  for (const meta of metas)
    for (const entry of entries)
      for (const file of reachable(meta, entry)) {
        const o = meta.outputs[file]!;
        for (const input of Object.keys(o.inputs))
          if (isPkg(input)) out.push(`${file} (from ${entry}): bundles ${input}`);
        for (const imp of o.imports)
          if (imp.external && isPkg(imp.path))
            out.push(`${file} (from ${entry}): imports ${imp.path} (${imp.kind})`);
      }
  return [...new Set(out)].sort();
}

describe('#16 guard: the hook bundle never contains @huggingface/transformers', () => {
  it('the build wrote its metafiles, and they cover every hook entry', () => {
    expect(existsSync(META), `${META} is missing: run \`npm run build\``).toBe(true);
    const metas = Object.values(JSON.parse(readFileSync(META, 'utf8')) as Record<string, Metafile>);
    for (const entry of HOOK_ENTRIES)
      expect(
        metas.some((m) => reachable(m, entry).length > 0),
        `${entry} is built`,
      ).toBe(true);
  });

  it('dist/hook.cjs, hook.js, hook-main.cjs, hook-server.js and their lazy chunks do not load it', () => {
    const metas = Object.values(JSON.parse(readFileSync(META, 'utf8')) as Record<string, Metafile>);
    expect(forbiddenInHookBundle(metas, HOOK_ENTRIES)).toEqual([]);
    // …while the tool that does load it (the embedding daemon) is seen by the same check.
    expect(forbiddenInHookBundle(metas, ['src/bin/daemon.ts']).length).toBeGreaterThan(0);
  });

  it('a deliberate violation — a hook-path module that lazily imports the local embedder — is found', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sg-bundle-guard-'));
    try {
      const entry = join(dir, 'entry.ts');
      writeFileSync(
        entry,
        `import { redact } from ${JSON.stringify(join(ROOT, 'src/common/redact.ts'))};\n` +
          `export const run = async () => redact((await import(${JSON.stringify(join(ROOT, 'src/embed/local.ts'))})).toString());\n`,
      );
      const clean = join(dir, 'clean.ts');
      writeFileSync(clean, `export { redact } from ${JSON.stringify(join(ROOT, 'src/common/redact.ts'))};\n`);
      const r = await build({
        entryPoints: [entry, clean],
        outdir: join(dir, 'out'),
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'node',
        external: [FORBIDDEN, 'better-sqlite3', 'sqlite-vec', 'onnxruntime-node', 'sharp'],
        metafile: true,
        write: false,
        logLevel: 'silent',
      });
      const entryKey = (f: string) =>
        Object.values(r.metafile.outputs).find((o) => o.entryPoint?.endsWith(f))!.entryPoint!;
      const v = forbiddenInHookBundle([r.metafile], [entryKey('entry.ts')]);
      expect(v.length).toBeGreaterThan(0);
      expect(v.join('\n')).toMatch(/imports @huggingface\/transformers \(dynamic-import\)/);
      expect(forbiddenInHookBundle([r.metafile], [entryKey('clean.ts')])).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
