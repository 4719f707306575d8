// The retrieval data set's shape (bench/retrieval/tuning.ts, tuning-2.ts, holdout-v2.ts).

export interface KbPair {
  id: string;
  /** The ecosystem (npm, tsc, webpack, python, pytest, go, cargo, git, ssl, db, shell, docker, java, c, ruby, claude). */
  tool: string;
  /** The raw error that was resolved and stored (as the hook's `error` field had it). */
  stored: string;
  /** A later raw error of the same problem: other paths, names, versions, ports, quoting, prefix lines. */
  query: string;
  resolution: string;
}

export const pair = (
  id: string,
  tool: string,
  stored: string,
  query: string,
  resolution: string,
): KbPair => ({
  id,
  tool,
  stored,
  query,
  resolution,
});

/** The ecosystem a case's `tool` belongs to (the earlier cases name the tool itself). */
const ECOSYSTEM: Record<string, string> = {
  node: 'npm',
  jest: 'npm',
  eslint: 'npm',
  vite: 'webpack',
  pip: 'python',
  psql: 'db',
  gradle: 'java',
  bash: 'shell',
};
export const ecosystemOf = (tool: string): string => ECOSYSTEM[tool] ?? tool;
