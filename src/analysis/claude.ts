// Runs Claude Code headless (`claude -p --output-format json`) with the prompt on stdin and returns
// the answer text. The child never records into self-generation (SELF_GEN_DISABLE=1), has no tools,
// no MCP servers and no session persistence.
import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { ensureHomeDir, isInside } from '../common/safe-fs.js';
import { join } from 'node:path';
import { paths } from '../common/paths.js';
import { truncate } from '../common/redact.js';

export type ClaudeErrorKind = 'not_found' | 'exit' | 'timeout' | 'api_error' | 'bad_output';

export class ClaudeError extends Error {
  constructor(
    public kind: ClaudeErrorKind,
    message: string,
    public fix?: string,
  ) {
    super(message);
  }
}

export interface ClaudeOptions {
  claudePath: string;
  model?: string;
  extraArgs?: string[];
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
  /** Working folder of the call; default `<data home>/run/analysis` (no project CLAUDE.md is loaded). */
  cwd?: string;
}

export interface ClaudeAnswer {
  text: string;
  durationMs: number;
  /** What Claude Code reported (cost, usage, session id…), when it printed JSON. */
  meta: Record<string, unknown>;
}

export function claudeArgs(o: Pick<ClaudeOptions, 'model' | 'extraArgs'>): string[] {
  return [
    '-p',
    '--output-format',
    'json',
    '--no-session-persistence',
    '--strict-mcp-config',
    '--tools',
    '',
    ...(o.model ? ['--model', o.model] : []),
    ...(o.extraArgs ?? []),
  ];
}

/** The child's environment: our hooks switched off, and no trace of a parent Claude Code session. */
export function childEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env, SELF_GEN_DISABLE: '1' };
  delete out.CLAUDECODE;
  delete out.CLAUDE_CODE_ENTRYPOINT;
  return out;
}

const tail = (s: string, n = 300) => truncate(s.trim().split('\n').slice(-5).join(' | '), n);

export function runClaude(prompt: string, o: ClaudeOptions): Promise<ClaudeAnswer> {
  const env = o.env ?? process.env;
  const cwd = o.cwd ?? join(paths(env).runDir, 'analysis');
  makeScratchFolder(env, cwd);
  const started = Date.now();
  return new Promise((resolvePromise, reject) => {
    let settled = false;
    const timer = setTimeout(() => onTimeout(), o.timeoutMs);
    const finish = (r: ClaudeError | ClaudeAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (r instanceof ClaudeError) reject(r);
      else resolvePromise(r);
    };
    const child = spawn(o.claudePath, claudeArgs(o), {
      cwd,
      env: childEnv(env),
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: process.platform !== 'win32', // its own process group: a timeout kills the whole tree
    });
    const output = collectOutput(child);
    function onTimeout(): void {
      killTree(child, 'SIGTERM');
      setTimeout(() => killTree(child, 'SIGKILL'), 3000).unref();
      finish(
        new ClaudeError(
          'timeout',
          `claude did not answer within ${Math.round(o.timeoutMs / 1000)} s (killed)`,
          'raise analysis.timeoutMs in config.json, or check that `claude -p "hi"` answers',
        ),
      );
    }
    child.on('error', (e: NodeJS.ErrnoException) => finish(spawnError(o, e)));
    child.stdin.on('error', () => {}); // EPIPE when the binary exits without reading
    child.stdin.end(prompt);
    child.on('close', (code, signal) => {
      const r = answerOf(output(), code, signal, o);
      finish(r instanceof ClaudeError ? r : { text: r.text, durationMs: Date.now() - started, meta: r.meta });
    });
  });
}

/** The scratch folder in the data home is created without following a symlink inside it. */
function makeScratchFolder(env: NodeJS.ProcessEnv, cwd: string): void {
  try {
    const home = paths(env).home;
    if (isInside(home, cwd)) ensureHomeDir(home, cwd, 0o700);
    // fs-safe: a cwd outside the data home is the caller's own choice (an explicit option), not a project's content
    else mkdirSync(cwd, { recursive: true, mode: 0o700 });
  } catch {}
}

/** Keeps the child's stdout (up to 8 MiB) and the start of its stderr; returns them as text. */
function collectOutput(child: ChildProcessWithoutNullStreams): () => { stdout: string; stderr: string } {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  let outBytes = 0;
  child.stdout.on('data', (b: Buffer) => {
    if (outBytes < 8 * 1024 * 1024) out.push(b);
    outBytes += b.length;
  });
  child.stderr.on('data', (b: Buffer) => {
    if (err.length < 200) err.push(b);
  });
  return () => ({ stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
}

/** The child and everything it started (its process group). */
function killTree(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid && process.platform !== 'win32') process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {}
}

function spawnError(o: ClaudeOptions, e: NodeJS.ErrnoException): ClaudeError {
  if (e.code === 'ENOENT' || e.code === 'EACCES')
    return new ClaudeError(
      'not_found',
      `cannot run the Claude Code binary "${o.claudePath}" (${e.code})`,
      'install Claude Code (npm i -g @anthropic-ai/claude-code) or set analysis.claudePath in config.json',
    );
  return new ClaudeError('exit', `cannot run "${o.claudePath}": ${e.message}`);
}

/** What the finished child said: its answer (without the duration), or the error to report. */
function answerOf(
  { stdout, stderr }: { stdout: string; stderr: string },
  code: number | null,
  signal: NodeJS.Signals | null,
  o: ClaudeOptions,
): ClaudeError | Omit<ClaudeAnswer, 'durationMs'> {
  let parsed: Record<string, unknown> | null = null;
  try {
    const v: unknown = JSON.parse(stdout.trim());
    if (v && typeof v === 'object' && !Array.isArray(v)) parsed = v as Record<string, unknown>;
  } catch {}
  if (parsed && parsed.is_error === true) {
    const what = typeof parsed.result === 'string' ? parsed.result : String(parsed.subtype ?? 'error');
    return new ClaudeError(
      'api_error',
      `claude reported an error: ${truncate(what.replace(/\s+/g, ' '), 300)}`,
      'check that `claude -p "hi"` works (login or ANTHROPIC_API_KEY, network)',
    );
  }
  if (code !== 0) {
    const why = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    return new ClaudeError(
      'exit',
      `claude ${why}: ${tail(stderr || stdout) || '(no output)'}`,
      'run `claude -p "hi"` to see what is wrong',
    );
  }
  if (!parsed || typeof parsed.result !== 'string')
    return new ClaudeError(
      'bad_output',
      `claude printed no JSON result (is "${o.claudePath}" Claude Code?): ${tail(stdout) || '(empty)'}`,
      'set analysis.claudePath to the Claude Code binary',
    );
  const { result, ...meta } = parsed;
  return { text: result as string, meta };
}
