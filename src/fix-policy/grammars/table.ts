// Every program's grammar, by program name (the gate, gate.ts, compiles them once).
import type { Grammar } from '../grammar.js';
import { APP_GRAMMARS } from './apps.js';
import { GIT_GRAMMARS } from './git.js';
import { LANG_GRAMMARS } from './langs.js';
import { NODE_GRAMMARS } from './node.js';
import { OTHER_GRAMMARS } from './other.js';
import { PYTHON_GRAMMARS } from './python.js';
import { SHELL_GRAMMARS } from './shell.js';
import { SYSTEM_GRAMMARS } from './system.js';
import { TAIL_GRAMMARS } from './tail.js';

export const GRAMMAR_TABLE: Record<string, Grammar> = {
  ...SHELL_GRAMMARS,
  ...GIT_GRAMMARS,
  ...NODE_GRAMMARS,
  ...PYTHON_GRAMMARS,
  ...OTHER_GRAMMARS,
  ...SYSTEM_GRAMMARS,
  ...LANG_GRAMMARS,
  ...APP_GRAMMARS,
  ...TAIL_GRAMMARS,
  // packages run by a package runner (`npx @biomejs/biome check`) under their program's grammar
  '@biomejs/biome': NODE_GRAMMARS.biome!,
  '@commitlint/cli': NODE_GRAMMARS.commitlint!,
  '@fission-ai/openspec': NODE_GRAMMARS.openspec!,
  // Bundler's program under its other name
  bundler: OTHER_GRAMMARS.bundle!,
};
