// Memory search, the claude-mem source: a claude-mem worker asked on its local port (short
// timeout), its answer turned into lines.
import { request as httpRequest } from 'node:http';

import { oneLine } from '../common/redact.js';

import type { OrchestratorConfigT } from './schemas.js';

// ---------------------------------------------------------------- claude-mem

export interface ClaudeMemAnswer {
  ok: boolean;
  items: string[];
  reason?: string;
}

function memItem(o: Record<string, unknown>): string {
  const id = o.id !== undefined ? `#${String(o.id)} ` : '';
  const date = typeof o.created_at === 'string' ? `${o.created_at.slice(0, 10)} ` : '';
  const title = o.title ?? o.request ?? o.prompt_text ?? o.text ?? o.summary ?? o.narrative ?? '';
  const extra = o.title && (o.subtitle || o.narrative) ? ` — ${oneLine(o.subtitle ?? o.narrative, 140)}` : '';
  return `${id}${date}${oneLine(title, 160)}${extra}`.trim();
}

/** Turns a claude-mem /api/search answer (JSON arrays or MCP-style text content) into lines. */
export function parseClaudeMem(body: string, limit: number): string[] {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return body
      .split('\n')
      .map((l) => oneLine(l, 200))
      .filter(Boolean)
      .slice(0, limit);
  }
  const out: string[] = [];
  if (data && typeof data === 'object') {
    const d = data as Record<string, unknown>;
    for (const key of ['observations', 'sessions', 'prompts', 'results', 'items']) {
      const arr = d[key];
      if (Array.isArray(arr))
        for (const o of arr) if (o && typeof o === 'object') out.push(memItem(o as Record<string, unknown>));
    }
    if (Array.isArray(d.content)) {
      for (const c of d.content as { type?: string; text?: string }[]) {
        if (typeof c?.text === 'string')
          out.push(
            ...c.text
              .split('\n')
              .map((l) => oneLine(l, 200))
              .filter((l) => l && !/^\|?\s*-{3,}/.test(l) && !/^no (results|observations)/i.test(l)),
          );
      }
    }
  }
  return out.filter(Boolean).slice(0, limit);
}

export function askClaudeMem(
  cfg: OrchestratorConfigT['claudeMem'],
  query: string,
  project: string,
  limit: number,
): Promise<ClaudeMemAnswer> {
  return new Promise((done) => {
    let settled = false;
    const finish = (a: ClaudeMemAnswer) => {
      if (settled) return;
      settled = true;
      done(a);
    };
    const params = new URLSearchParams({ query, project, limit: String(limit), format: 'json' });
    try {
      const req = httpRequest(
        {
          host: cfg.host,
          port: cfg.port,
          path: `/api/search?${params.toString()}`,
          method: 'GET',
          timeout: cfg.timeoutMs,
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            if (body.length < 256 * 1024) body += c;
          });
          res.on('end', () => {
            if ((res.statusCode ?? 0) >= 400)
              finish({ ok: false, items: [], reason: `HTTP ${res.statusCode}` });
            else finish({ ok: true, items: parseClaudeMem(body, limit) });
          });
          res.on('error', (e) => finish({ ok: false, items: [], reason: e.message }));
        },
      );
      const timer = setTimeout(() => {
        req.destroy();
        finish({ ok: false, items: [], reason: `no answer within ${cfg.timeoutMs} ms` });
      }, cfg.timeoutMs);
      timer.unref();
      req.on('timeout', () => {
        req.destroy();
        finish({ ok: false, items: [], reason: `no answer within ${cfg.timeoutMs} ms` });
      });
      req.on('error', (e: NodeJS.ErrnoException) =>
        finish({ ok: false, items: [], reason: e.code ?? e.message }),
      );
      req.on('close', () => clearTimeout(timer));
      req.end();
    } catch (e) {
      finish({ ok: false, items: [], reason: (e as Error).message });
    }
  });
}
