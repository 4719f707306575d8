// #16 layout guards: no import back up the layers, no import cycle between modules. Both checkers
// run on src/ and on a planted violation (so they are shown to fail). The layers are described in
// docs/architecture.md; a new folder under src/ must be given a layer here.
import { describe, expect, it } from 'vitest';
import { importCycles, importEdges, readSources, type Edge, type Sources } from '../helpers/import-graph.js';
import { ROOT } from '../helpers/env.js';

/** Bottom to top: a module may import its own layer and the layers below, never one above. */
export const LAYERS: { name: string; paths: string[] }[] = [
  { name: 'common', paths: ['src/common/'] },
  { name: 'db', paths: ['src/db/'] },
  { name: 'contract', paths: ['src/hook/contract/'] },
  { name: 'runtime', paths: ['src/hook/runtime/'] },
  {
    name: 'features',
    paths: [
      'src/recording/',
      'src/error-kb/',
      'src/fix-policy/',
      'src/pre-tool-guide/',
      'src/subagent-context/',
      'src/shared-context/',
      'src/orchestrator/',
      'src/analysis/',
      'src/embed/',
      'src/plugin/',
      'src/team/',
    ],
  },
  { name: 'parts', paths: ['src/parts/'] },
  { name: 'hosts', paths: ['src/hook/host/', 'src/cli/', 'src/mcp/', 'src/ui/', 'src/demo/'] },
  { name: 'bin', paths: ['src/bin/'] },
];

/**
 * Known upward imports, each with the reason it is still there. Keep this list short: the guard
 * fails on any other one, and on an entry here that is gone (so the list cannot go stale).
 */
const KNOWN: Record<string, string> = {};

/** The layer of a module: its longest matching path; -1 when no layer names it. */
export function layerOf(file: string): number {
  let best = -1;
  let len = 0;
  LAYERS.forEach((l, i) => {
    for (const p of l.paths)
      if (file.startsWith(p) && p.length > len) {
        best = i;
        len = p.length;
      }
  });
  return best;
}

/** `file:line: …` for each import that goes up the layers, and for each module without a layer. */
export function layerViolations(files: Sources, edges: Edge[] = importEdges(files)): string[] {
  const out: string[] = [];
  for (const f of files.keys())
    if (layerOf(f) < 0) out.push(`${f}:1: in no layer (add its folder to LAYERS in guard-layers.test.ts)`);
  for (const e of edges) {
    const a = layerOf(e.from);
    const b = layerOf(e.to);
    if (a < 0 || b < 0 || b <= a || `${e.from} → ${e.to}` in KNOWN) continue;
    out.push(`${e.from}:${e.line}: imports ${e.to} (${LAYERS[a]!.name} → ${LAYERS[b]!.name}, up the layers)`);
  }
  return out.sort();
}

/** The part a module belongs to: its folder under src/ (features only; null for other layers). */
const partOf = (file: string): string | null =>
  LAYERS[layerOf(file)]?.name === 'features' ? file.split('/')[1]! : null;

/**
 * `file:line: …` for each import from one part into another that does not go through the other's
 * public `index.ts`, and for each import of a part's hook handlers (`handlers.ts`) from outside the
 * part and the parts list (src/parts/index.ts wires handlers; nothing else calls them).
 */
export function boundaryViolations(files: Sources, edges: Edge[] = importEdges(files)): string[] {
  const out: string[] = [];
  for (const e of edges) {
    const from = partOf(e.from);
    const to = partOf(e.to);
    if (from && to && from !== to && e.to !== `src/${to}/index.ts`)
      out.push(`${e.from}:${e.line}: imports ${e.to} (part ${from} → ${to}: use src/${to}/index.ts)`);
    if (to && e.to.endsWith('/handlers.ts') && from !== to && e.from !== 'src/parts/index.ts')
      out.push(`${e.from}:${e.line}: imports ${e.to} (hook handlers are wired by src/parts/index.ts only)`);
  }
  return out.sort();
}

const planted = (extra: Record<string, string>): Sources => {
  const files = readSources(ROOT);
  for (const [f, text] of Object.entries(extra)) files.set(f, (files.get(f) ?? '') + text);
  return files;
};

describe('#16 guard: imports go down the layers (common → db → contract → runtime → features → parts → hosts → bin)', () => {
  it('src/ has no import back up the layers, and every module is in a layer', () => {
    expect(layerViolations(readSources(ROOT))).toEqual([]);
  });

  it('each known exception is still needed (else remove it from KNOWN)', () => {
    const edges = importEdges(readSources(ROOT)).map((e) => `${e.from} → ${e.to}`);
    for (const k of Object.keys(KNOWN)) expect(edges, k).toContain(k);
  });

  it('the hook hosts reach features only through the parts list', () => {
    const features = LAYERS.findIndex((l) => l.name === 'features');
    const direct = importEdges(readSources(ROOT))
      .filter((e) => e.from.startsWith('src/hook/') && layerOf(e.to) === features)
      .map((e) => `${e.from}:${e.line} → ${e.to}`);
    expect(direct).toEqual([]);
  });

  it('a deliberate violation is found and named file:line (the guard can fail)', () => {
    const files = planted({
      'src/common/redact.ts': "\nimport { hookMain } from '../hook/host/process.js';\n",
      'src/recording/handlers.ts': "\nimport type { Command } from '../bin/cli.js';\n",
    });
    const v = layerViolations(files);
    const lines = files.get('src/common/redact.ts')!.split('\n').length - 1;
    expect(v).toContain(
      `src/common/redact.ts:${lines}: imports src/hook/host/process.ts (common → hosts, up the layers)`,
    );
    expect(
      v.some((l) => /^src\/recording\/handlers\.ts:\d+: imports src\/bin\/cli\.ts \(features → bin/.test(l)),
    ).toBe(true);
    expect(v).toHaveLength(2);
  });

  it('a module in a folder no layer names is reported', () => {
    const files = planted({ 'src/newpart/x.ts': 'export const x = 1;\n' });
    expect(layerViolations(files)).toEqual([
      'src/newpart/x.ts:1: in no layer (add its folder to LAYERS in guard-layers.test.ts)',
    ]);
  });
});

describe('#24 guard: parts use one another only through their public index.ts', () => {
  it("no part imports another part's modules but its index.ts; no host calls a part's hook handlers", () => {
    expect(boundaryViolations(readSources(ROOT))).toEqual([]);
  });

  it('each public index.ts stays small (a list of exports, no code of its own)', () => {
    for (const [file, text] of readSources(ROOT)) {
      if (!partOf(file) || !file.endsWith('/index.ts')) continue;
      // only `export { … } from './x.js';` / `export * from …` statements, once comments (and doc comments) are gone
      const code = text
        .replace(/\/\*\*[^]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '')
        .replace(/export\s+(type\s+)?(\{[^}]*\}|\*)\s+from\s+'[^']+';/g, '');
      expect(code.trim(), file).toBe('');
    }
  });

  it('a deliberate violation is found (the guard can fail)', () => {
    const files = planted({
      'src/pre-tool-guide/handlers.ts': "\nimport { exactEntry } from '../error-kb/db.js';\n",
      'src/mcp/server.ts': "\nimport { errorAdvice } from '../error-kb/handlers.js';\n",
    });
    const v = boundaryViolations(files);
    expect(
      v.some((l) =>
        /^src\/pre-tool-guide\/handlers\.ts:\d+: imports src\/error-kb\/db\.ts \(part pre-tool-guide → error-kb/.test(
          l,
        ),
      ),
    ).toBe(true);
    expect(
      v.some((l) => /^src\/mcp\/server\.ts:\d+: imports src\/error-kb\/handlers\.ts \(hook handlers/.test(l)),
    ).toBe(true);
    expect(v).toHaveLength(2);
  });
});

describe('#16 guard: no import cycle between modules', () => {
  it('src/ has none (static, type and lazy imports all count)', () => {
    expect(importCycles(importEdges(readSources(ROOT)))).toEqual([]);
  });

  it('a deliberate cycle is found (the guard can fail)', () => {
    const files = planted({ 'src/common/paths.ts': "\nimport { redact } from './redact.js';\n" });
    files.set(
      'src/common/redact.ts',
      `${files.get('src/common/redact.ts')}\nimport { paths } from './paths.js';\n`,
    );
    const cycles = importCycles(importEdges(files));
    expect(cycles).toHaveLength(1);
    expect(new Set(cycles[0])).toEqual(new Set(['src/common/paths.ts', 'src/common/redact.ts']));
  });

  it('a cycle through a type import counts; through a lazy import() only when asked', () => {
    const files = planted({
      'src/common/paths.ts': "\nimport type { Redacted } from './redact.js';\n",
      'src/common/redact.ts': "\nexport const load = () => import('./paths.js');\n",
    });
    const edges = importEdges(files);
    expect(importCycles(edges)).toHaveLength(1);
    expect(importCycles(edges, { lazyOk: true })).toEqual([]);
  });
});
