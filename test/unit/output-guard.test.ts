// #12.4: everything the CLI prints is redacted, JSON included (escapes never hide a secret, and
// the JSON stays valid).
import { describe, expect, it } from 'vitest';
import { redactOutput } from '../../src/cli/output-guard.js';
import { redact } from '../../src/common/redact.js';
import { SECRET_CORPUS } from '../helpers/secrets.js';

describe('#12.4 CLI output guard', () => {
  it('a pretty-printed --json document: no secret, still the same JSON shape', () => {
    const doc = SECRET_CORPUS.map((c, i) => ({ id: i, error: `failed: ${c.text}`, data: { text: c.text } }));
    const text = JSON.stringify(doc, null, 2) + '\n';
    const out = redactOutput(text);
    for (const c of SECRET_CORPUS) expect(out.includes(c.secret), c.name).toBe(false);
    const parsed = JSON.parse(out) as { id: number }[];
    expect(parsed.map((r) => r.id)).toEqual(doc.map((r) => r.id));
    expect(out.startsWith('[\n  {')).toBe(true);
  });

  it('JSON lines and `events` rows ending in a JSON value: no secret, each value still parses', () => {
    const rows = SECRET_CORPUS.map((c) => JSON.stringify({ tool: 'Bash', error: `failed: ${c.text}` }));
    const lines = redactOutput(rows.join('\n') + '\n')
      .trimEnd()
      .split('\n');
    expect(lines).toHaveLength(rows.length);
    for (const l of lines) expect(() => JSON.parse(l) as unknown).not.toThrow();
    const table = SECRET_CORPUS.map(
      (c) => `2026-11-23T10:00:00.000Z  tool_error  proj  ${JSON.stringify({ error: `failed: ${c.text}` })}`,
    ).join('\n');
    const shown = redactOutput(table);
    expect(shown.split('\n')).toHaveLength(SECRET_CORPUS.length);
    for (const c of SECRET_CORPUS) {
      expect(lines.join('\n').includes(c.secret), c.name).toBe(false);
      expect(shown.includes(c.secret), c.name).toBe(false);
    }
  });

  it('plain text (a multi-line private key included) is redacted; ordinary output is unchanged', () => {
    const text = SECRET_CORPUS.map((c) => `#${c.name}: ${c.text}`).join('\n');
    const out = redactOutput(text);
    for (const c of SECRET_CORPUS) expect(out.includes(c.secret), c.name).toBe(false);
    const ordinary = 'self-gen status\n  database: ok (12 events)\n  hooks: installed\n';
    expect(redactOutput(ordinary)).toBe(ordinary);
  });

  it('redaction is idempotent (a second pass changes nothing)', () => {
    for (const c of SECRET_CORPUS) {
      const once = redact(`failed: ${c.text}`);
      expect(redact(once), c.name).toBe(once);
    }
  });
});
