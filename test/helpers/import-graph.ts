// The import graph of src/, for the layout guards (test/unit/guard-layers.test.ts): every relative
// import, re-export, dynamic import() and require() of every module, with its line, resolved to a
// file. Works on a map of file → text, so a test can plant a violation without touching src/.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';

export interface Edge {
  from: string;
  to: string;
  line: number;
  /** `import type` / `export type`: erased at build time. */
  typeOnly: boolean;
  /** `import()` or `require()` inside a function: loaded when called, not when the module loads. */
  lazy: boolean;
}

export type Sources = Map<string, string>;

/** Every .ts/.cts file under root/src, keyed by its path relative to root (with forward slashes). */
export function readSources(root: string): Sources {
  const out: Sources = new Map();
  const walk = (dir: string): void => {
    for (const n of readdirSync(dir)) {
      const p = join(dir, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.c?ts$/.test(n)) out.set(relative(root, p).split('\\').join('/'), readFileSync(p, 'utf8'));
    }
  };
  walk(join(root, 'src'));
  return out;
}

const STATIC = /(?:^|\n)[ \t]*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g;

function lineAt(text: string, index: number): number {
  let n = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

function resolveSpec(from: string, spec: string, files: Sources): string | null {
  if (!spec.startsWith('.')) return null; // a package or node: builtin
  const base = posix.normalize(posix.join(posix.dirname(from), spec));
  for (const c of [base.replace(/\.js$/, '.ts'), base.replace(/\.cjs$/, '.cts'), base, `${base}.ts`])
    if (files.has(c)) return c;
  return base; // not a module we know (a data file, a missing file): kept, so nothing is hidden
}

/** All import edges between the given modules (imports of packages are left out). */
export function importEdges(files: Sources): Edge[] {
  const edges: Edge[] = [];
  for (const [from, text] of files) {
    for (const m of text.matchAll(STATIC)) {
      const spec = m[3]!;
      const to = resolveSpec(from, spec, files);
      if (!to) continue;
      const at = m.index! + m[0].lastIndexOf(spec);
      edges.push({ from, to, line: lineAt(text, at), typeOnly: !!m[2], lazy: false });
    }
    for (const m of text.matchAll(DYNAMIC)) {
      const to = resolveSpec(from, m[1]!, files);
      if (!to) continue;
      // `typeof import('…')` in a type position is erased too.
      const typeOnly = /typeof\s+$/.test(text.slice(Math.max(0, m.index! - 10), m.index!));
      edges.push({ from, to, line: lineAt(text, m.index!), typeOnly, lazy: true });
    }
  }
  return edges;
}

/**
 * Import cycles between modules, given once each as a path a → b → … → a. Type imports count (two
 * modules that need each other's declarations are one module, or want a third); lazy import()s
 * count unless `lazyOk` (they run after both modules have loaded).
 */
export function importCycles(edges: Edge[], opts: { lazyOk?: boolean } = {}): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (e.lazy && opts.lazyOk) continue;
    next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  }
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (n: string): void => {
    state.set(n, 'open');
    stack.push(n);
    for (const m of next.get(n) ?? []) {
      if (state.get(m) === 'open') {
        const cycle = [...stack.slice(stack.indexOf(m)), m];
        const key = [...cycle.slice(0, -1)].sort().join(' ');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push(cycle);
        }
      } else if (!state.has(m)) visit(m);
    }
    stack.pop();
    state.set(n, 'done');
  };
  for (const n of [...next.keys()].sort()) if (!state.has(n)) visit(n);
  return cycles;
}
