// The Anthropic API stub itself (no Claude Code needed): SSE and JSON answers, routing, recording.
import { afterEach, describe, expect, it } from 'vitest';
import {
  hookContexts,
  latestContexts,
  startAnthropicStub,
  text,
  toolUse,
  type AnthropicStub,
  type MessagesBody,
} from '../helpers/anthropic-stub.js';

let stub: AnthropicStub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

const tools = [{ name: 'Bash', input_schema: { type: 'object' } }];

/** The parts of API answers these tests read. */
interface Answer {
  type?: string;
  role?: string;
  model?: string;
  stop_reason?: string;
  content: { type: string; text?: string; name?: string; input?: unknown }[];
  usage: { input_tokens: number };
  error: { type: string };
  input_tokens: number;
  data: unknown[];
}
interface SseData {
  type: string;
  index: number;
  content_block: Record<string, unknown>;
  delta: { type: string; text?: string; partial_json?: string; stop_reason?: string };
}
const json = async (res: Response) => (await res.json()) as Answer;

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${stub!.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
    body: JSON.stringify(body),
  });
}

/** Rebuilds the message from an SSE stream, as a client does. */
async function readSse(
  res: Response,
): Promise<{ events: string[]; content: Record<string, unknown>[]; stop: string | null }> {
  const raw = await res.text();
  const events: string[] = [];
  const content: Record<string, unknown>[] = [];
  const partial: string[] = [];
  let stop: string | null = null;
  for (const chunk of raw.split('\n\n').filter((c) => c.trim())) {
    const ev = /^event: (.+)$/m.exec(chunk)?.[1] ?? '';
    const data = JSON.parse(/^data: (.+)$/m.exec(chunk)?.[1] ?? '{}') as SseData;
    expect(data.type).toBe(ev);
    events.push(ev);
    if (ev === 'content_block_start') {
      content[data.index] = { ...data.content_block };
      partial[data.index] = '';
    }
    if (ev === 'content_block_delta') {
      if (data.delta.type === 'text_delta')
        content[data.index]!.text = String(content[data.index]!.text) + data.delta.text;
      if (data.delta.type === 'input_json_delta')
        partial[data.index] = (partial[data.index] ?? '') + (data.delta.partial_json ?? '');
    }
    if (ev === 'content_block_stop' && content[data.index]!.type === 'tool_use')
      content[data.index]!.input = JSON.parse(partial[data.index]!);
    if (ev === 'message_delta') stop = data.delta.stop_reason ?? null;
  }
  return { events, content, stop };
}

describe('anthropic stub', () => {
  it('streams scripted turns as SSE, chosen by the number of assistant turns in the request', async () => {
    stub = await startAnthropicStub({
      main: [[text('looking'), toolUse('Bash', { command: 'echo "hi"\nls' })], 'finished'],
    });
    const first: MessagesBody = {
      model: 'm',
      stream: true,
      tools,
      messages: [{ role: 'user', content: 'go' }],
    };
    const r1 = await readSse(await post('/v1/messages?beta=true', first));
    expect(r1.events[0]).toBe('message_start');
    expect(r1.events.at(-1)).toBe('message_stop');
    expect(r1.stop).toBe('tool_use');
    expect(r1.content[0]).toEqual({ type: 'text', text: 'looking' });
    expect(r1.content[1]).toMatchObject({
      type: 'tool_use',
      name: 'Bash',
      input: { command: 'echo "hi"\nls' },
    });
    expect(String(r1.content[1]!.id)).toMatch(/^toolu_/);

    const second: MessagesBody = {
      ...first,
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'x', name: 'Bash', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'x', content: 'ok' }] },
      ],
    };
    const r2 = await readSse(await post('/v1/messages', second));
    expect(r2.stop).toBe('end_turn');
    expect(r2.content).toEqual([{ type: 'text', text: 'finished' }]);
    // A retry of the first request gets the first answer again.
    expect((await readSse(await post('/v1/messages', first))).stop).toBe('tool_use');
    expect(stub.conversation('main').map((r) => r.turn)).toEqual([0, 1, 0]);
  });

  it('answers non-streaming requests with one JSON message', async () => {
    stub = await startAnthropicStub({ main: [[toolUse('Read', { file_path: '/a' })]] });
    const res = await post('/v1/messages', {
      model: 'claude-x',
      tools,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(res.headers.get('content-type')).toContain('application/json');
    const msg = await json(res);
    expect(msg).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'claude-x',
      stop_reason: 'tool_use',
    });
    expect(msg.content[0]).toMatchObject({ type: 'tool_use', name: 'Read', input: { file_path: '/a' } });
    expect(msg.usage.input_tokens).toBeGreaterThan(0);
  });

  it('routes subagent conversations by the marker in their first user message', async () => {
    stub = await startAnthropicStub({
      main: ['main answer'],
      subagents: { 'SUB-A': ['answer A'], 'SUB-AB': ['answer AB'] },
      fallback: 'side answer',
    });
    const ask = async (body: MessagesBody) => (await json(await post('/v1/messages', body))).content[0]!.text;
    const sub = (prompt: string): MessagesBody => ({
      system: [
        { type: 'text', text: 'x-anthropic-billing-header: cc_version=2.1.197; cc_is_subagent=true;' },
      ],
      tools,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: '<system-reminder>ctx</system-reminder>' },
            { type: 'text', text: prompt },
          ],
        },
      ],
    });
    expect(await ask(sub('SUB-A: do it'))).toBe('answer A');
    expect(await ask(sub('SUB-AB: longest marker wins'))).toBe('answer AB');
    expect(await ask(sub('no marker here'))).toBe('side answer');
    expect(await ask({ tools, messages: [{ role: 'user', content: 'main prompt' }] })).toBe('main answer');
    expect(await ask({ messages: [{ role: 'user', content: 'title please' }] })).toBe('side answer');
    expect(stub.messageRequests().map((r) => r.conversation)).toEqual([
      'SUB-A',
      'SUB-AB',
      'subagent',
      'main',
      'fallback',
    ]);
    // Past the end of a script: the fallback.
    const later = await ask({
      tools,
      messages: [
        { role: 'user', content: 'main prompt' },
        { role: 'assistant', content: 'main answer' },
        { role: 'user', content: 'more' },
      ],
    });
    expect(later).toBe('side answer');
    expect(stub.conversation('main').at(-1)!.usedFallback).toBe(true);
  });

  it('plays dynamic turns and scripted errors', async () => {
    stub = await startAnthropicStub({
      main: [
        (req) => `you said: ${JSON.stringify(req.body?.messages?.[0]?.content)}`,
        { content: [], error: { status: 529, type: 'overloaded_error', message: 'busy' } },
      ],
    });
    const r = await json(
      await post('/v1/messages', { tools, messages: [{ role: 'user', content: 'ping' }] }),
    );
    expect(r.content[0]!.text).toBe('you said: "ping"');
    const e = await post('/v1/messages', {
      tools,
      messages: [
        { role: 'user', content: 'ping' },
        { role: 'assistant', content: 'x' },
        { role: 'user', content: 'again' },
      ],
    });
    expect(e.status).toBe(529);
    expect((await json(e)).error.type).toBe('overloaded_error');
  });

  it('answers probes, count_tokens and models, and records everything', async () => {
    stub = await startAnthropicStub();
    expect((await fetch(`${stub.baseUrl}/`, { method: 'HEAD' })).status).toBe(200);
    const ct = await json(
      await post('/v1/messages/count_tokens', { messages: [{ role: 'user', content: 'hello world' }] }),
    );
    expect(ct.input_tokens).toBeGreaterThan(0);
    const models = await json(await fetch(`${stub.baseUrl}/v1/models`));
    expect(models.data.length).toBeGreaterThan(0);
    expect((await post('/v1/unknown', {})).status).toBe(404);
    expect(stub.requests.map((r) => `${r.method} ${r.path} ${r.conversation} ${r.status}`)).toEqual([
      'HEAD / probe 200',
      'POST /v1/messages/count_tokens count_tokens 200',
      'GET /v1/models models 200',
      'POST /v1/unknown unknown 404',
    ]);
  });

  it('finds hook contexts in both forms Claude Code sends them', () => {
    const body: MessagesBody = {
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'go' }] },
        {
          role: 'system',
          content: 'SessionStart hook additional context: S1 line\nmore\n\nAvailable agent types: …',
        },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'Bash', input: {} }] },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't', content: 'Exit code 1', is_error: true },
            {
              type: 'text',
              text: '<system-reminder>\nPreToolUse:Bash hook additional context: P1\n</system-reminder>',
            },
            {
              type: 'text',
              text: '<system-reminder>\nPostToolUseFailure:Bash hook additional context: F1\nF2\n</system-reminder>',
            },
          ],
        },
      ],
    };
    const all = hookContexts(body);
    expect(all.map((c) => `${c.event}:${c.tool ?? ''}`)).toEqual([
      'SessionStart:',
      'PreToolUse:Bash',
      'PostToolUseFailure:Bash',
    ]);
    expect(all[0]!.text).toContain('S1 line\nmore');
    expect(all[2]!.text).toBe('F1\nF2');
    expect(latestContexts(body).map((c) => c.event)).toEqual(['PreToolUse', 'PostToolUseFailure']);
    expect(latestContexts(body, 'PostToolUseFailure', 'Bash')[0]!.text).toBe('F1\nF2');
  });
});
