// The plain-text reader of the fix policy (src/fix-policy/plain-words.ts): a command line of plain
// words reads exactly as tree-sitter-bash reads it, on every shell line of every policy corpus and
// on texts made to sit on its edges; anything with a character the shell gives meaning to is left
// to the parser. Judging a plain fix does not load the WebAssembly parser; the first fix that needs
// it loads it, with the same verdicts. Grammars are compiled when first used, and every one compiles.
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../bench/policy/corpus.mjs';
import { readRows as v2 } from '../../bench/policy/v2/corpus.mjs';
import { readRows as v3 } from '../../bench/policy/v3/corpus.mjs';
import { readRows as v4 } from '../../bench/policy/v4/corpus.mjs';
import { readRows as v5 } from '../../bench/policy/v5/corpus.mjs';
import { readRows as v6 } from '../../bench/policy/v6/corpus.mjs';
import { readRows as v7 } from '../../bench/policy/v7/corpus.mjs';
import { plainScript } from '../../src/fix-policy/plain-words.js';
import { loadTreeSitter, shellParserLoaded } from '../../src/fix-policy/parser.js';
import { judgeFixLazily, loadFixPolicy } from '../../src/fix-policy/evaluate.js';
import { compileAllGrammars, GRAMMAR_PROGRAMS } from '../../src/fix-policy/gate.js';

const RECORDED = /^(?:Edit|MultiEdit|Write|NotebookEdit) /;
const lines = [
  ...loadCorpus('dangerous'),
  ...loadCorpus('ordinary'),
  ...[v2, v3, v4, v5, v6, v7].flatMap((read) =>
    [...read('dangerous'), ...read('ordinary')].map((r) => r[1]!),
  ),
].filter((l) => !RECORDED.test(l));

/** Texts at its edges: those it reads, and those it leaves to the parser. */
const READ = [
  'npm install left-pad',
  'rm -rf node_modules && npm install',
  'make test || make clean',
  'cp a,b c:d',
  'git push origin +main',
  'npm i @types/node@20 --save-dev=true',
  'echo %1',
  'kill %1',
  'ls -la ./x/../y',
  'pip install a==1.0',
  'echo a=b c=d',
  'x',
  '123 456',
  '-rf',
];
const LEFT = [
  'FOO=1 npm test',
  'npm test && FOO=1 npm test',
  'time npm test',
  'export PATH=/tmp',
  'declare -x A=1',
  'unset A',
  'echo done',
  'for x in a',
  'if true',
  'npm  install',
  ' npm install',
  'npm install ',
  '&& npm install',
  'npm install &&',
  'npm install && && npm test',
  'npm install;',
  'npm install\tx',
  'npm install\nrm -rf ~',
  'echo ~',
  'echo ~/x',
  'echo {a,b}',
  'echo a*',
  'echo a?',
  'echo [a]',
  'echo $HOME',
  'echo "a"',
  "echo 'a'",
  'echo a#b',
  'echo #b',
  'echo a!b',
  'echo a^b',
  'echo a\\b',
];

describe('plain text reads as the shell parser reads it', async () => {
  const tree = await loadTreeSitter();
  it('on every shell line of the corpora that it reads, and it reads many of them', () => {
    let plain = 0;
    for (const l of lines) {
      const p = plainScript(l);
      if (!p) continue;
      plain++;
      expect(p, l).toEqual(tree(l));
    }
    expect(lines.length).toBeGreaterThan(4000);
    expect(plain).toBeGreaterThan(300);
  });

  it('on texts at its edges; it leaves to the parser what it does not read', () => {
    for (const t of READ) expect(plainScript(t), t).toEqual(tree(t));
    for (const t of LEFT) expect(plainScript(t), t).toBeUndefined();
  });
});

describe('judging without the WebAssembly parser until a fix needs it', () => {
  it('a plain fix is judged without loading it; the first other fix loads it; verdicts are the same', async () => {
    expect(shellParserLoaded()).toBe(false);
    const plain = await judgeFixLazily('ran `npm install left-pad && npm test`', 'same-command');
    const edit = await judgeFixLazily('Edit src/app.ts: `a` → `b`', 'same-file');
    expect(shellParserLoaded()).toBe(false);
    const quoted = await judgeFixLazily('ran `npm install "left-pad" 2>&1`', 'same-command');
    expect(shellParserLoaded()).toBe(true);
    const judge = await loadFixPolicy();
    expect(plain).toEqual(judge('ran `npm install left-pad && npm test`', 'same-command'));
    expect(plain.cls).toBe('safe');
    expect(edit).toEqual(judge('Edit src/app.ts: `a` → `b`', 'same-file'));
    expect(quoted).toEqual(judge('ran `npm install "left-pad" 2>&1`', 'same-command'));
  });
});

describe('grammars', () => {
  it('every grammar compiles', () => {
    expect(compileAllGrammars()).toBe(GRAMMAR_PROGRAMS.length);
    expect(GRAMMAR_PROGRAMS.length).toBeGreaterThan(100);
  });
});
