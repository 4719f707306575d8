// The generated section of docs/architecture.md, rendered from the code: a Mermaid graph of the
// folders of src/ in their layers, with an arrow per folder that imports another, and a table of the
// folders (its layer and what it is: the first sentence of its index.ts comment). The imports are read as the layout guard reads them
// (test/helpers/import-graph.ts); the layers are the guard's LAYERS table
// (test/unit/guard-layers.test.ts), read with TypeScript's parser so there is one list.
// `npm run gen:architecture` writes the section; test/unit/architecture-doc.test.ts fails when the
// committed one differs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type TS from 'typescript';
import { importEdges, readSources, type Sources } from '../test/helpers/import-graph.js';

// Loaded at run time, not bundled: npm run gen:architecture bundles this module with esbuild.
const ts = createRequire(import.meta.url)('typescript') as typeof TS;

export interface Layer {
  name: string;
  paths: string[];
}

const OPEN = '<!-- generated:architecture (npm run gen:architecture) -->';
const CLOSE = '<!-- /generated:architecture -->';

/** The LAYERS table of the layout guard, bottom to top (its object literal, read by the parser). */
export function readLayers(root: string): Layer[] {
  const file = join(root, 'test', 'unit', 'guard-layers.test.ts');
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  let list: TS.ArrayLiteralExpression | undefined;
  const find = (n: TS.Node): void => {
    if (ts.isVariableDeclaration(n) && n.name.getText(sf) === 'LAYERS' && n.initializer)
      if (ts.isArrayLiteralExpression(n.initializer)) list = n.initializer;
    ts.forEachChild(n, find);
  };
  find(sf);
  if (!list) throw new Error(`${file} has no LAYERS array`);
  return list.elements.filter(ts.isObjectLiteralExpression).map((o) => {
    const prop = (key: string) =>
      o.properties.find(
        (p): p is TS.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(sf) === key,
      )?.initializer;
    const name = prop('name');
    const paths = prop('paths');
    if (!name || !ts.isStringLiteral(name) || !paths || !ts.isArrayLiteralExpression(paths))
      throw new Error(`${file}: a LAYERS entry without a name and paths`);
    return { name: name.text, paths: paths.elements.filter(ts.isStringLiteral).map((s) => s.text) };
  });
}

/** The folder a module belongs to: the longest layer path it lies in, else its top folder in src/. */
function folderOf(layers: Layer[], file: string): string {
  let best = '';
  for (const l of layers) for (const p of l.paths) if (file.startsWith(p) && p.length > best.length) best = p;
  return best || `src/${file.split('/')[1]}/`;
}

/** The first sentence of a module's leading comment (`//` lines or a block), or null. */
export function firstSentence(text: string): string | null {
  const range = ts.getLeadingCommentRanges(text, 0)?.[0];
  if (!range) return null;
  const lines: string[] = [];
  for (const l of text.slice(range.pos).split('\n')) {
    if (!/^\s*(\/\/|\/\*|\*)/.test(l)) break;
    const words = l
      .replace(/^\s*(\/\/+|\/\*+|\*+\/?)\s?/, '')
      .replace(/\*\/\s*$/, '')
      .trim();
    if (!words) {
      if (lines.length) break;
      continue;
    }
    lines.push(words);
  }
  const para = lines.join(' ');
  const end = para.search(/\.(\s|$)/);
  return (end < 0 ? para : para.slice(0, end)).trim() || null;
}

const id = (folder: string) =>
  folder
    .replace(/^src\//, '')
    .replace(/\/$/, '')
    .replace(/[^\w]/g, '_');

/** The Mermaid graph: a subgraph per layer (bottom one last), an arrow per importing folder pair. */
export function renderGraph(layers: Layer[], files: Sources): string {
  // Arrows only, without counts or sizes: the map changes when a part starts or stops depending on
  // another, not with every import or line.
  const arrows = new Set<string>();
  for (const e of importEdges(files)) {
    const a = folderOf(layers, e.from);
    const b = folderOf(layers, e.to);
    if (a !== b && files.has(e.to)) arrows.add(`${a} ${b}`);
  }
  const out = ['```mermaid', 'flowchart TB'];
  for (const l of [...layers].reverse()) {
    out.push(`  subgraph layer_${l.name}["${l.name} layer"]`);
    for (const p of l.paths) out.push(`    ${id(p)}["${p.replace(/^src\//, '').replace(/\/$/, '')}"]`);
    out.push('  end');
  }
  for (const k of [...arrows].sort()) {
    const [a, b] = k.split(' ') as [string, string];
    out.push(`  ${id(a)} --> ${id(b)}`);
  }
  out.push('```');
  return out.join('\n');
}

/** The table of folders: layer and what the folder is (from its index.ts). */
export function renderTable(layers: Layer[], files: Sources): string {
  const rows = ['| folder | layer | what it is (its `index.ts`) |', '| --- | --- | --- |'];
  for (const l of layers)
    for (const p of l.paths) {
      const index = files.get(`${p}index.ts`);
      const what = (index !== undefined && firstSentence(index)) || '– (no `index.ts` comment)';
      rows.push(`| \`${p}\` | ${l.name} | ${what.replace(/\|/g, '\\|')} |`);
    }
  return rows.join('\n');
}

/** The generated section's body. */
export function renderArchitecture(root: string): string {
  const layers = readLayers(root);
  const files = readSources(root);
  return [renderGraph(layers, files), '', renderTable(layers, files)].join('\n');
}

/** docs/architecture.md with its generated section rendered anew (everything else kept). */
export function renderArchitectureDoc(doc: string, root: string): string {
  const a = doc.indexOf(OPEN);
  const b = doc.indexOf(CLOSE);
  if (a < 0 || b < a) throw new Error(`docs/architecture.md has no ${OPEN} … ${CLOSE} block`);
  return `${doc.slice(0, a + OPEN.length)}\n\n${renderArchitecture(root)}\n\n${doc.slice(b)}`;
}
