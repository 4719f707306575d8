// Marks a fix as one that stays in the project that proved it, naming the word no grammar
// recognised; and what the grammar gate needs from the classifier to judge wrapped commands.
import type { Word } from './commands.js';
import type { Io, Recurse, ScriptState } from './state.js';

/** What the gate needs from the classifier: the state, and how to judge a wrapped command or script. */
export interface GateCtx {
  st: ScriptState;
  io: Io;
  recurse: Recurse;
  /** Judges a wrapped command fully (deny rules and this gate). */
  judgeCommand: (words: Word[], io: Io) => void;
}

/** Marks the fix as one that stays in its project, naming the word that was not recognised. */
export function notRecognised(st: ScriptState, where: string, word?: string): void {
  const shown = word === undefined ? where : `${where} ${word.length > 40 ? `${word.slice(0, 40)}…` : word}`;
  st.unknown.add(shown.trim());
}
