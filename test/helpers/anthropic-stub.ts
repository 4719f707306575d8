/**
 * A local stub of the Anthropic Messages API for tests that run the real Claude Code CLI (or any
 * other client) against scripted answers. Loopback only; no network, no API key.
 *
 * ```ts
 * import { startAnthropicStub, text, toolUse } from '../helpers/anthropic-stub.js';
 *
 * const stub = await startAnthropicStub({
 *   // The main conversation: answer N is given to the request that already holds N assistant turns.
 *   main: [
 *     [text('Running it.'), toolUse('Bash', { command: 'ls', description: 'list' })],
 *     [toolUse('Agent', { description: 'fix', prompt: 'SUB-A: fix it', subagent_type: 'executor' })],
 *     'All done.',
 *   ],
 *   // Subagent conversations, chosen by a marker found in their first user message (the Agent prompt).
 *   subagents: { 'SUB-A': [[toolUse('Bash', { command: 'echo hi' })], 'Findings: fixed.'] },
 *   // Anything else (side queries, turns past the end of a script): this answer.
 *   fallback: 'OK',
 * });
 * // run the client with ANTHROPIC_BASE_URL=stub.baseUrl and any ANTHROPIC_API_KEY …
 * stub.conversation('main')[0].body;   // what the model was sent, parsed
 * stub.conversation('SUB-A')[0];       // the subagent's first request
 * await stub.close();
 * ```
 *
 * What it serves:
 * - `POST /v1/messages` (any query string, e.g. `?beta=true`): streaming SSE when the body has
 *   `"stream": true` (message_start, content_block_start/delta/stop with text_delta or
 *   input_json_delta, message_delta with stop_reason, message_stop), one JSON message otherwise.
 * - `POST /v1/messages/count_tokens`: `{ input_tokens }` estimated from the body size.
 * - `GET /v1/models[/<id>]`: a small model list / the model.
 * - `HEAD` / `GET` of any other path (connectivity probes): 200, empty body.
 * - Anything else: 404 with an Anthropic-style JSON error.
 * Every request (including probes and 404s) is recorded in `stub.requests`, in arrival order.
 *
 * How a /v1/messages request is routed (see {@link StubRequest.conversation}):
 * 1. its first user message contains a subagent marker → that subagent's script;
 * 2. else, when `isMain` (default {@link defaultIsMain}: the request offers tools and is not a
 *    subagent's — Claude Code marks subagent requests `cc_is_subagent=true`) → the main script;
 * 3. else an unmarked subagent → conversation `'subagent'`, answered with `fallback`;
 * 4. else → `'fallback'` (side queries without tools: titles, topic checks, …).
 * The turn played is the number of assistant messages already in the request, so retries and
 * parallel conversations with the same script are answered consistently. Past the end of a script
 * the fallback answer is played. A turn may be a function of the request (dynamic answers).
 * A client that sends no tools (e.g. `claude -p --tools ""` for a one-shot analysis) is therefore
 * answered by `fallback`: script that answer there, or pass `isMain: (r) => !isSubagentRequest(r)`.
 *
 * Reading what the model was sent: {@link requestText} (system prompt + all messages as text),
 * {@link hookContexts} / {@link contextsOf} / {@link latestContexts} (hook additionalContext, in
 * both forms Claude Code 2.1.197 sends it), {@link firstUserText}, {@link isSubagentRequest}.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { gunzipSync, inflateSync, brotliDecompressSync } from 'node:zlib';

// ---------------------------------------------------------------------------------------------
// Script types

export interface StubTextBlock {
  type: 'text';
  text: string;
}
export interface StubToolUseBlock {
  type: 'tool_use';
  name: string;
  input: Record<string, unknown>;
  /** Defaults to a fresh random `toolu_…` id. */
  id?: string;
}
export type StubBlock = StubTextBlock | StubToolUseBlock;

/** One assistant answer, in full form. */
export interface StubReply {
  content: StubBlock[];
  /** Defaults to `tool_use` when a tool_use block is present, else `end_turn`. */
  stop_reason?: 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence';
  /** Answer with an HTTP error instead (e.g. 529 overloaded, 400 invalid_request_error). */
  error?: { status: number; type: string; message: string };
  /** Milliseconds to wait before answering. */
  delayMs?: number;
}

/** A turn: a string (one text block), a list of blocks, a full reply, or a function of the request. */
export type StubTurn =
  string | StubBlock[] | StubReply | ((req: StubRequest) => string | StubBlock[] | StubReply);

export interface StubScript {
  /** Turns of the main conversation, in order. */
  main?: StubTurn[];
  /**
   * Subagent conversations: marker → turns. A request whose first user message contains the
   * marker (put it in the `prompt` of the Agent tool call) plays these turns. When several
   * markers match, the longest wins.
   */
  subagents?: Record<string, StubTurn[]>;
  /** Answer for side requests and turns past the end of a script. Default: `'OK'`. */
  fallback?: StubTurn;
  /** Decides whether an unmarked request belongs to the main conversation. Default: it offers tools. */
  isMain?: (req: StubRequest) => boolean;
}

export const text = (t: string): StubTextBlock => ({ type: 'text', text: t });
export const toolUse = (name: string, input: Record<string, unknown>, id?: string): StubToolUseBlock => ({
  type: 'tool_use',
  name,
  input,
  ...(id ? { id } : {}),
});

// ---------------------------------------------------------------------------------------------
// Recorded requests

/** Loose shape of a Messages API request body. */
export interface MessagesBody {
  model?: string;
  stream?: boolean;
  max_tokens?: number;
  system?: string | { type: string; text?: string }[];
  /** Claude Code 2.1.197 also sends `role: "system"` messages (hook contexts, agent and skill listings). */
  messages?: { role: 'user' | 'assistant' | 'system'; content: string | ContentBlock[] }[];
  tools?: { name: string; [k: string]: unknown }[];
  [k: string]: unknown;
}
export interface ContentBlock {
  type: string;
  text?: string;
  content?: string | ContentBlock[];
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  is_error?: boolean;
  [k: string]: unknown;
}

export interface StubRequest {
  /** Arrival order, from 0. */
  seq: number;
  time: number;
  method: string;
  /** Path without the query string. */
  path: string;
  /** Path with the query string. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  /** Parsed JSON body (null when not JSON). */
  body: MessagesBody | null;
  /**
   * For POST /v1/messages: `'main'`, a subagent marker, `'subagent'` (unmarked) or `'fallback'`; for other endpoints:
   * `'probe'`, `'count_tokens'`, `'models'`, or `'unknown'`.
   */
  conversation: string;
  /** Turn index played (assistant messages already in the request); -1 for non-message requests. */
  turn: number;
  /** Whether the fallback answer was played (side request or past the end of a script). */
  usedFallback: boolean;
  /** HTTP status answered. */
  status: number;
}

/** A recorded request or a request body (undefined/null give empty answers). */
export type RequestLike = StubRequest | MessagesBody | null | undefined;

/** Plain text of a content value (string or blocks, tool_result content included). */
export function contentText(content: string | ContentBlock[] | undefined): string {
  if (content === undefined) return '';
  if (typeof content === 'string') return content;
  const parts: string[] = [];
  for (const b of content) {
    if (!b || typeof b !== 'object') continue;
    if (typeof b.text === 'string') parts.push(b.text);
    if (b.type === 'tool_use') parts.push(JSON.stringify(b.input ?? {}));
    if (b.content !== undefined) parts.push(contentText(b.content));
  }
  return parts.join('\n');
}

/** The system prompt as text. */
export function systemText(req: RequestLike): string {
  const s = bodyOf(req)?.system;
  if (!s) return '';
  if (typeof s === 'string') return s;
  return s.map((b) => b.text ?? '').join('\n');
}

/** Text of the first user message (for a subagent: the `prompt` of its Agent call). */
export function firstUserText(req: RequestLike): string {
  const m = bodyOf(req)?.messages?.find((x) => x.role === 'user');
  return m ? contentText(m.content) : '';
}

/** The body of a recorded request, or the body itself. */
export function bodyOf(x: RequestLike): MessagesBody | null {
  if (!x) return null;
  return typeof (x as StubRequest).rawBody === 'string' && typeof (x as StubRequest).seq === 'number'
    ? (x as StubRequest).body
    : (x as MessagesBody);
}

/** The tool_result the model got for the tool_use `id` (from any recorded request), or null. */
export function toolResult(requests: StubRequest[], id: string): { text: string; isError: boolean } | null {
  for (const r of requests)
    for (const m of bodyOf(r)?.messages ?? []) {
      if (typeof m.content === 'string') continue;
      const b = m.content.find((c: ContentBlock) => c.type === 'tool_result' && c.tool_use_id === id);
      if (b) return { text: contentText(b.content as string | ContentBlock[]), isError: b.is_error === true };
    }
  return null;
}

/** Everything the model was sent in this request, as one string: system prompt and all messages. */
export function requestText(req: RequestLike): string {
  const body = bodyOf(req);
  if (!body) return '';
  const msgs = (body.messages ?? []).map((m) => contentText(m.content));
  return [systemText(body), ...msgs].join('\n');
}

/** Text of the last user message (tool results and hook reminders of the latest step). */
export function lastUserText(req: RequestLike): string {
  const users = (bodyOf(req)?.messages ?? []).filter((m) => m.role === 'user');
  const m = users[users.length - 1];
  return m ? contentText(m.content) : '';
}

export interface HookContext {
  /** Hook event, e.g. `PreToolUse`. */
  event: string;
  /** The tool (after the colon), when there is one, e.g. `Bash`. */
  tool?: string;
  /**
   * The context text. In a `<system-reminder>` it ends at the reminder's end; in a system-role
   * message (SessionStart, UserPromptSubmit, SubagentStart) it runs to the next hook context or to
   * the end of that message, so it may carry Claude Code's own text after it: assert with
   * `includes`, not equality.
   */
  text: string;
  /** Index in `messages` of the message it was found in. */
  message: number;
}

const HOOK_HEADER = /(?:^|\n|<system-reminder>\s*)([A-Z][A-Za-z]+)(?::([^\s]+))? hook additional context: ?/g;

function textPieces(content: string | ContentBlock[]): string[] {
  if (typeof content === 'string') return [content];
  const out: string[] = [];
  for (const b of content) {
    if (!b || typeof b !== 'object') continue;
    if (typeof b.text === 'string') out.push(b.text);
    if (b.content !== undefined) out.push(...textPieces(b.content));
  }
  return out;
}

/**
 * Hook additionalContext found in what the model was sent. Claude Code 2.1.197 passes it either as
 * `<system-reminder>\n<Event>:<Tool> hook additional context: …\n</system-reminder>` text blocks
 * next to tool results (PreToolUse, PostToolUse, PostToolUseFailure), or inside a `role: "system"`
 * message as `<Event> hook additional context: …` (SessionStart, UserPromptSubmit, SubagentStart).
 */
export function hookContexts(req: RequestLike): HookContext[] {
  const body = bodyOf(req);
  const out: HookContext[] = [];
  (body?.messages ?? []).forEach((m, message) => {
    for (const piece of textPieces(m.content)) {
      const heads = [...piece.matchAll(HOOK_HEADER)];
      heads.forEach((h, i) => {
        const start = (h.index ?? 0) + h[0].length;
        const next = heads[i + 1]?.index ?? piece.length;
        let end = piece.indexOf('</system-reminder>', start);
        if (end < 0 || end > next) end = next;
        out.push({
          event: h[1]!,
          ...(h[2] ? { tool: h[2] } : {}),
          text: piece.slice(start, end).trim(),
          message,
        });
      });
    }
  });
  return out;
}

/** Hook contexts of one event (and tool), e.g. `contextsOf(req, 'PreToolUse', 'Edit')`; all when no event. */
export function contextsOf(req: RequestLike, event?: string, tool?: string): HookContext[] {
  return hookContexts(req).filter(
    (c) => (!event || c.event === event) && (tool === undefined || c.tool === tool),
  );
}

/**
 * Hook contexts of the latest step only: those in the messages after the last assistant message
 * (for main[n], what the hooks of the tool call(s) of turn n-1 said). Optionally of one event/tool.
 */
export function latestContexts(req: RequestLike, event?: string, tool?: string): HookContext[] {
  const msgs = bodyOf(req)?.messages ?? [];
  let last = -1;
  msgs.forEach((m, i) => {
    if (m.role === 'assistant') last = i;
  });
  return contextsOf(req, event, tool).filter((c) => c.message > last);
}

/** Whether a request comes from a subagent (Claude Code marks them `cc_is_subagent=true` in the system prompt). */
export function isSubagentRequest(req: RequestLike): boolean {
  const body = bodyOf(req);
  return /cc_is_subagent=true/.test(systemText(body));
}

/**
 * Turns of a patient model that makes `calls` in order, each only once its tool is offered, then
 * says `final`. Claude Code 2.1.197 may send a request before an MCP server has connected (headless
 * mode waits 2 s for a plugin's servers); a real model cannot call a tool it was not offered, so
 * while the next call's tool is missing this model runs `sleep 1` (Bash) and asks again, up to
 * `maxWaits` times, then calls it anyway (the test then sees the error). Tool use ids are the
 * calls' own, so {@link toolResult} finds each answer.
 */
export function callsWhenOffered(
  calls: { name: string; input: Record<string, unknown>; id: string }[],
  final: string,
  maxWaits = 120,
): StubTurn[] {
  const turn = (req: StubRequest): StubBlock[] | string => {
    const body = bodyOf(req);
    const asked = new Set<string>();
    let waits = 0;
    for (const m of body?.messages ?? [])
      if (m.role === 'assistant' && typeof m.content !== 'string')
        for (const b of m.content)
          if (b.type === 'tool_use' && typeof b.id === 'string') {
            asked.add(b.id);
            if (b.id.startsWith('toolu_wait_')) waits++;
          }
    const next = calls.find((c) => !asked.has(c.id));
    if (!next) return final;
    const offered = (body?.tools ?? []).some((t) => t.name === next.name);
    if (offered || waits >= maxWaits) return [toolUse(next.name, next.input, next.id)];
    return [toolUse('Bash', { command: 'sleep 1', description: 'wait' }, `toolu_wait_${waits}`)];
  };
  return Array.from({ length: calls.length + maxWaits + 1 }, () => turn);
}

/** Names of the tools offered in any of these requests. */
export function toolsOffered(requests: RequestLike[]): Set<string> {
  return new Set(requests.flatMap((r) => (bodyOf(r)?.tools ?? []).map((t) => t.name)));
}

// ---------------------------------------------------------------------------------------------
// Server

export interface AnthropicStub {
  /** `http://127.0.0.1:<port>` — set it as ANTHROPIC_BASE_URL. */
  baseUrl: string;
  port: number;
  /** Every request received, in arrival order. */
  requests: StubRequest[];
  /** POST /v1/messages requests only. */
  messageRequests(): StubRequest[];
  /** Message requests routed to one conversation (`'main'`, a marker, `'subagent'` or `'fallback'`). */
  conversation(name: string): StubRequest[];
  /** Replace the script (e.g. between two sessions); recorded requests are kept. */
  setScript(script: StubScript): void;
  /** Forget recorded requests. */
  clear(): void;
  close(): Promise<void>;
}

export interface StubOptions {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Log each request to stderr (or set E2E_STUB_DEBUG=1). */
  debug?: boolean;
}

interface NormalReply {
  content: StubBlock[];
  stop_reason: string;
  error?: StubReply['error'];
  delayMs?: number;
}

function normalizeTurn(turn: StubTurn, req: StubRequest): NormalReply {
  const t = typeof turn === 'function' ? turn(req) : turn;
  const reply: StubReply =
    typeof t === 'string' ? { content: [text(t)] } : Array.isArray(t) ? { content: t } : t;
  const content = reply.content.map((b) =>
    b.type === 'tool_use' ? { ...b, id: b.id ?? `toolu_${randomBytes(12).toString('hex')}` } : b,
  );
  const stop = reply.stop_reason ?? (content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
  return { content, stop_reason: stop, error: reply.error, delayMs: reply.delayMs };
}

function estimateTokens(s: string): number {
  return Math.max(1, Math.ceil(s.length / 4));
}

function decodeBody(buf: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === 'gzip') return gunzipSync(buf).toString('utf8');
    if (encoding === 'deflate') return inflateSync(buf).toString('utf8');
    if (encoding === 'br') return brotliDecompressSync(buf).toString('utf8');
  } catch {}
  return buf.toString('utf8');
}

/** The default main-conversation test: it offers tools and is not a subagent's. */
export function defaultIsMain(req: StubRequest): boolean {
  return Array.isArray(req.body?.tools) && req.body.tools.length > 0 && !isSubagentRequest(req);
}

function route(script: StubScript, req: StubRequest): { name: string; turns: StubTurn[] | null } {
  const first = firstUserText(req.body);
  const markers = Object.keys(script.subagents ?? {})
    .filter((m) => m && first.includes(m))
    .sort((a, b) => b.length - a.length);
  if (markers[0]) return { name: markers[0], turns: script.subagents![markers[0]]! };
  const isMain = script.isMain ?? defaultIsMain;
  if (isMain(req)) return { name: 'main', turns: script.main ?? [] };
  if (isSubagentRequest(req)) return { name: 'subagent', turns: null };
  return { name: 'fallback', turns: null };
}

function sse(res: ServerResponse, event: string, data: unknown): void {
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

function writeStream(
  res: ServerResponse,
  id: string,
  model: string,
  inputTokens: number,
  reply: NormalReply,
): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'request-id': `req_${id}`,
  });
  const outTokens = estimateTokens(JSON.stringify(reply.content));
  sse(res, 'message_start', {
    type: 'message_start',
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: inputTokens,
        output_tokens: 1,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      },
    },
  });
  reply.content.forEach((b, index) => {
    if (b.type === 'text') {
      sse(res, 'content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'text', text: '' },
      });
      // A few deltas, as a real stream would send.
      const chunks = b.text.match(/[\s\S]{1,200}/g) ?? [''];
      for (const c of chunks)
        sse(res, 'content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'text_delta', text: c },
        });
    } else {
      sse(res, 'content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id: b.id, name: b.name, input: {} },
      });
      const json = JSON.stringify(b.input ?? {});
      const chunks = json.match(/[\s\S]{1,200}/g) ?? ['{}'];
      for (const c of chunks) {
        sse(res, 'content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json: c },
        });
      }
    }
    sse(res, 'content_block_stop', { type: 'content_block_stop', index });
  });
  sse(res, 'message_delta', {
    type: 'message_delta',
    delta: { stop_reason: reply.stop_reason, stop_sequence: null },
    usage: { output_tokens: outTokens },
  });
  sse(res, 'message_stop', { type: 'message_stop' });
  res.end();
}

function writeJson(res: ServerResponse, status: number, obj: unknown): void {
  const body = JSON.stringify(obj);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const MODELS = ['claude-opus-4-1', 'claude-sonnet-4-5', 'claude-haiku-4-5'];

/** Starts the stub on 127.0.0.1. See the module comment for the routing rules. */
export async function startAnthropicStub(
  script: StubScript = {},
  opts: StubOptions = {},
): Promise<AnthropicStub> {
  let current = script;
  const requests: StubRequest[] = [];
  const debug = opts.debug ?? process.env.E2E_STUB_DEBUG === '1';
  let seq = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const rawBody = decodeBody(Buffer.concat(chunks), req.headers['content-encoding'] as string | undefined);
    const url = req.url ?? '/';
    const path = url.split('?')[0]!.replace(/\/+$/, '') || '/';
    let body: MessagesBody | null = null;
    try {
      body = rawBody ? (JSON.parse(rawBody) as MessagesBody) : null;
    } catch {}
    const rec: StubRequest = {
      seq: seq++,
      time: Date.now(),
      method: req.method ?? 'GET',
      path,
      url,
      headers: req.headers,
      rawBody,
      body,
      conversation: 'unknown',
      turn: -1,
      usedFallback: false,
      status: 200,
    };
    requests.push(rec);
    const log = () => {
      if (debug) {
        process.stderr.write(
          `[stub] #${rec.seq} ${rec.method} ${rec.url} → ${rec.status} ${rec.conversation}` +
            `${rec.turn >= 0 ? ` turn ${rec.turn}` : ''}${rec.usedFallback ? ' (fallback)' : ''}\n`,
        );
      }
    };

    if (rec.method === 'POST' && path.endsWith('/v1/messages/count_tokens')) {
      rec.conversation = 'count_tokens';
      writeJson(res, 200, { input_tokens: estimateTokens(rawBody) });
      return log();
    }
    if (rec.method === 'GET' && /\/v1\/models(\/|$)/.test(path)) {
      rec.conversation = 'models';
      const id = path.split('/v1/models/')[1];
      const model = (m: string) => ({
        type: 'model',
        id: m,
        display_name: m,
        created_at: '2025-01-01T00:00:00Z',
      });
      if (id) writeJson(res, 200, model(decodeURIComponent(id)));
      else
        writeJson(res, 200, {
          data: MODELS.map(model),
          has_more: false,
          first_id: MODELS[0],
          last_id: MODELS.at(-1),
        });
      return log();
    }
    if (rec.method === 'POST' && path.endsWith('/v1/messages')) {
      const r = body ? route(current, rec) : { name: 'fallback', turns: null };
      rec.conversation = r.name;
      rec.turn = (body?.messages ?? []).filter((m) => m.role === 'assistant').length;
      let turn: StubTurn | undefined = r.turns ? r.turns[rec.turn] : undefined;
      if (turn === undefined) {
        rec.usedFallback = true;
        turn = current.fallback ?? 'OK';
      }
      let reply: NormalReply;
      try {
        reply = normalizeTurn(turn, rec);
      } catch (e) {
        reply = {
          content: [],
          stop_reason: 'end_turn',
          error: { status: 500, type: 'api_error', message: `stub script threw: ${String(e)}` },
        };
      }
      if (reply.delayMs) await new Promise((ok) => setTimeout(ok, reply.delayMs));
      if (reply.error) {
        rec.status = reply.error.status;
        writeJson(res, reply.error.status, {
          type: 'error',
          error: { type: reply.error.type, message: reply.error.message },
        });
        return log();
      }
      const id = `msg_${randomBytes(12).toString('hex')}`;
      const model = body?.model ?? 'claude-sonnet-4-5';
      const inputTokens = estimateTokens(rawBody);
      if (body?.stream) {
        writeStream(res, id, model, inputTokens, reply);
      } else {
        writeJson(res, 200, {
          id,
          type: 'message',
          role: 'assistant',
          model,
          content: reply.content.map((b) =>
            b.type === 'text' ? b : { type: 'tool_use', id: b.id, name: b.name, input: b.input },
          ),
          stop_reason: reply.stop_reason,
          stop_sequence: null,
          usage: { input_tokens: inputTokens, output_tokens: estimateTokens(JSON.stringify(reply.content)) },
        });
      }
      return log();
    }
    if (rec.method === 'HEAD' || rec.method === 'GET') {
      rec.conversation = 'probe';
      res.writeHead(200, { 'content-length': 0 });
      res.end();
      return log();
    }
    rec.conversation = 'unknown';
    rec.status = 404;
    writeJson(res, 404, {
      type: 'error',
      error: { type: 'not_found_error', message: `stub: no route for ${rec.method} ${path}` },
    });
    return log();
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e) => {
      try {
        writeJson(res, 500, {
          type: 'error',
          error: { type: 'api_error', message: `stub failure: ${String(e)}` },
        });
      } catch {}
    });
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 0, '127.0.0.1', () => ok());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    requests,
    messageRequests: () => requests.filter((r) => r.method === 'POST' && r.path.endsWith('/v1/messages')),
    conversation: (name) =>
      requests.filter(
        (r) => r.method === 'POST' && r.path.endsWith('/v1/messages') && r.conversation === name,
      ),
    setScript: (s) => {
      current = s;
    },
    clear: () => {
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
