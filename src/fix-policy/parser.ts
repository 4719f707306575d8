// The shell parser of the fix policy: tree-sitter-bash on web-tree-sitter (WebAssembly), after the
// plain-text reader (plain-words.ts) that needs none. Loaded once per process, only by what judges
// fixes (the worker, the CLI, the MCP/dashboard servers), never by a hook: the advice paths read the
// verdict stored with each fix (verdict.ts). The .wasm files are copied next to the bundle by
// scripts/build.mjs (dist/wasm/); from the sources they are read from node_modules.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { commandsOf, type ParsedScript } from './commands.js';
import { plainScript } from './plain-words.js';

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

/** Reads shell text into its commands, synchronously; null when the parser gives no tree. */
export interface ShellParser {
  script(text: string): ParsedScript | null;
}

/** Thrown by `lazyShellParser` for a text that needs the WebAssembly parser before it is loaded. */
export class ParserNotLoaded extends Error {}

let loading: Promise<ShellParser> | null = null;
let loaded: ShellParser | null = null;

/**
 * The process's shell parser (about 25 ms the first time). Compiled by V8's baseline WebAssembly
 * tier only: the optimising tier recompiles the 1.3 MB grammar on background threads, about 1 s of
 * CPU that a short-lived process (`kb add`) then waited for at exit; baseline code also parses a few
 * thousand fixes faster in total (bench/results/2026-11-29-cli-speed.md). V8 reads the flag when a
 * module is compiled, so it is set first.
 */
export function loadShellParser(): Promise<ShellParser> {
  loading ??= (async () => {
    const tree = await loadTreeSitter();
    loaded = { script: (text) => plainScript(text) ?? tree(text) };
    return loaded;
  })();
  loading.catch(() => (loading = null));
  return loading;
}

/** The WebAssembly parser alone, without the plain-text reader (a test compares the two). */
export async function loadTreeSitter(): Promise<(text: string) => ParsedScript | null> {
  setFlagsFromString('--liftoff-only');
  // imported here: a command that judges only plain fixes never initialises it
  const { Language, Parser } = await import('web-tree-sitter');
  const runtime = wasmPath('runtime');
  await Parser.init({ locateFile: () => runtime });
  const lang = await Language.load(wasmPath('bash'));
  const parser = new Parser();
  parser.setLanguage(lang);
  return (text) => {
    const tree = parser.parse(text);
    if (!tree) return null;
    try {
      return commandsOf(tree);
    } finally {
      tree.delete();
    }
  };
}

/** Whether this process has loaded the WebAssembly parser. */
export const shellParserLoaded = (): boolean => loaded !== null;

/** Reads plain texts itself, the rest with the loaded parser; throws ParserNotLoaded before it is. */
export const lazyShellParser: ShellParser = {
  script(text) {
    const plain = plainScript(text);
    if (plain) return plain;
    if (!loaded) throw new ParserNotLoaded(text.slice(0, 40));
    return loaded.script(text);
  },
};
