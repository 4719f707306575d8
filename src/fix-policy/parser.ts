// The shell parser of the fix policy: tree-sitter-bash on web-tree-sitter (WebAssembly). Loaded
// once per process by the policy's background review (worker, CLI, MCP/dashboard servers), never by
// a hook: the advice paths read the verdict stored with each fix (verdict.ts). The .wasm files are
// copied next to the bundle by scripts/build.mjs (dist/wasm/); from the sources they are read from
// node_modules.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Language, Parser, type Tree } from 'web-tree-sitter';

const FILES = {
  runtime: ['tree-sitter.wasm', 'web-tree-sitter/tree-sitter.wasm'],
  bash: ['tree-sitter-bash.wasm', 'tree-sitter-bash/tree-sitter-bash.wasm'],
} as const;

function wasmPath(which: keyof typeof FILES): string {
  const [file, pkg] = FILES[which];
  const here = dirname(fileURLToPath(import.meta.url));
  for (const dir of [join(here, 'wasm'), join(here, '..', 'wasm')])
    if (existsSync(join(dir, file))) return join(dir, file);
  return createRequire(import.meta.url).resolve(pkg);
}

/** Parses shell text synchronously (after loadShellParser resolved). */
export interface ShellParser {
  parse(text: string): Tree | null;
}

let loading: Promise<ShellParser> | null = null;

/** The process's shell parser (about 25 ms the first time). */
export function loadShellParser(): Promise<ShellParser> {
  loading ??= (async () => {
    const runtime = wasmPath('runtime');
    await Parser.init({ locateFile: () => runtime });
    const lang = await Language.load(wasmPath('bash'));
    const parser = new Parser();
    parser.setLanguage(lang);
    return { parse: (text: string) => parser.parse(text) };
  })();
  loading.catch(() => (loading = null));
  return loading;
}
