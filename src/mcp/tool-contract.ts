// What every MCP tool is made of: its dependencies, its answer, its failure (ToolError: a line and
// a fix), and the helpers for small, bounded answers (an index with ids; details by id).
import * as z from 'zod';
import type { DB } from '../db/db.js';
import type { Embedder } from '../embed/index.js';
import { redactDeep } from '../common/redact.js';
import { stripHiddenDeep } from '../common/quote.js';
import { boundedJson } from './bound.js';

export interface McpDeps {
  env: NodeJS.ProcessEnv;
  /** The project: CLAUDE_PROJECT_DIR, else the git top level of the server's cwd, else the cwd. */
  project: { path: string; name: string };
  /** The database (opened on first use; throws when it cannot be opened). */
  db: () => DB;
  now: () => Date;
  /** How a query is embedded for the vector tier; default the running embedding daemon. */
  embedder?: Embedder | null;
}

export interface ToolAnswer {
  text: string;
  isError?: boolean;
}

/** A failure the user (or Claude) can act on: one line and a fix. */
export class ToolError extends Error {
  constructor(
    message: string,
    public readonly fix: string,
  ) {
    super(message);
  }
}

type Shape = z.ZodRawShape;
export interface ToolDef<S extends Shape = Shape> {
  name: string;
  title: string;
  description: string;
  shape: S;
  readOnly: boolean;
  run: (args: z.infer<z.ZodObject<S>>, deps: McpDeps) => Promise<ToolAnswer> | ToolAnswer;
}

/** Keeps each tool's argument types while the table holds them as one type. */
export function defineTool<S extends Shape>(def: ToolDef<S>): ToolDef {
  return def as unknown as ToolDef;
}

export const DETAIL_HINT = 'call again with detail=<id> for the full record';
export const limitArg = (def: number) =>
  z.number().int().min(1).max(50).optional().describe(`how many index lines (default ${def}, at most 50)`);

/**
 * An answer: redacted (defence in depth: rows stored by older versions, with weaker rules, may
 * hold secrets; the CLI's output guard does not cover the MCP server), without the characters that
 * hide or reorder text (JSON quotes every value, but keeps those), then bounded.
 */
export const answer = (obj: Record<string, unknown>, listKey?: string): ToolAnswer => ({
  text: boundedJson(stripHiddenDeep(redactDeep(obj)), listKey),
});
