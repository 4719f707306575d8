// docs/architecture.md's map (its generated section: the folders of src/ in their layers, their
// imports of one another, their sizes and what each is) stays true to the code: the committed
// section must equal what scripts/architecture-doc.ts renders now. When this fails, run
// `npm run gen:architecture` and commit docs/architecture.md.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  firstSentence,
  readLayers,
  renderArchitectureDoc,
  renderGraph,
  renderTable,
} from '../../scripts/architecture-doc.js';
import { ROOT } from '../helpers/env.js';
import type { Sources } from '../helpers/import-graph.js';

describe('docs/architecture.md: the generated map', () => {
  it('the committed section is what the code renders (else: npm run gen:architecture)', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
    expect(renderArchitectureDoc(doc, ROOT)).toBe(doc);
  });

  it("the layers are the layout guard's, every folder of src/ in one", () => {
    const layers = readLayers(ROOT);
    expect(layers.map((l) => l.name)).toEqual([
      'common',
      'db',
      'contract',
      'runtime',
      'features',
      'parts',
      'hosts',
      'bin',
    ]);
    expect(layers.flatMap((l) => l.paths)).toContain('src/hook/runtime/');
  });

  it('draws one arrow per importing folder pair, and a row per folder', () => {
    const layers = [
      { name: 'low', paths: ['src/a/'] },
      { name: 'high', paths: ['src/b/'] },
    ];
    const files: Sources = new Map([
      ['src/a/index.ts', '// The a part: small things. More here.\nexport const x = 1;\n'],
      ['src/a/y.ts', "import { x } from './index.js';\nexport const y = x;\n"],
      [
        'src/b/z.ts',
        "import { x } from '../a/index.js';\nimport { y } from '../a/y.js';\nexport const z = x + y;\n",
      ],
    ]);
    const graph = renderGraph(layers, files);
    expect(graph).toContain('  b --> a');
    expect(graph.match(/b --> a/g)).toHaveLength(1);
    expect(graph).not.toContain('a -->');
    const table = renderTable(layers, files);
    expect(table).toContain('| `src/a/` | low | The a part: small things |');
    expect(table).toContain('| `src/b/` | high | – (no `index.ts` comment) |');
  });

  it("a folder's description is the first sentence of its index.ts comment", () => {
    expect(firstSentence('// One. Two.\nexport {};\n')).toBe('One');
    expect(firstSentence('/**\n * A part: it does\n * things. More.\n */\n')).toBe('A part: it does things');
    expect(firstSentence('export {};\n')).toBeNull();
  });

  it('refuses a document without the markers', () => {
    expect(() => renderArchitectureDoc('# nothing\n', ROOT)).toThrow(/no <!-- generated:architecture/);
  });
});
