// The generated parts of docs/configuration.md and docs/config.schema.json, rendered from the
// configuration registry (src/common/config-registry.ts for config.json, src/common/env-vars.ts for
// the environment). `npm run gen:config` writes them; test/unit/config-registry.test.ts fails when
// a file differs from what this renders.
import * as z from 'zod/mini';
import { ENV_VARS, type EnvAudience } from '../src/common/env-vars.js';
import { CONFIG_SECTIONS, CORE_CONFIG, type ConfigEntry } from '../src/common/config-registry.js';

const AUDIENCE: Record<EnvAudience, string> = {
  user: 'switch',
  tuning: 'tuning',
  tests: 'tests',
  internal: 'set by us',
};

export function renderEnvTable(): string {
  const rows = ENV_VARS.map(
    (v) =>
      `| \`${v.name}\` | ${'default' in v ? `\`${v.default}\`` : '–'} | ${AUDIENCE[v.audience]} | ${v.doc} |`,
  );
  return ['| variable | default | kind | what it does |', '|---|---|---|---|', ...rows].join('\n');
}

/** A JSON-schema node, as zod's conversion writes it. */
export interface JsonNode {
  type?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonNode>;
  required?: string[];
  items?: JsonNode;
  additionalProperties?: JsonNode | boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  [k: string]: unknown;
}

/**
 * Puts each key's description (from the entry's `keys`, by path) on its node; fails on a key
 * without one and on a description for no key (so the registry's docs cannot go stale).
 */
export function describeKeys(node: JsonNode, entry: ConfigEntry, where: string): void {
  const used = new Set<string>();
  const walk = (n: JsonNode, prefix: string): void => {
    for (const [k, child] of Object.entries(n.properties ?? {})) {
      const path = prefix ? `${prefix}.${k}` : k;
      const wild = prefix ? `${prefix}.*` : '*';
      const doc = entry.keys[path] ?? entry.keys[wild];
      if (doc === undefined) throw new Error(`config registry: ${where}: no description for \`${path}\``);
      used.add(path in entry.keys ? path : wild);
      child.description = doc;
      if (child.properties) walk(child, path);
      if (child.items?.properties) walk(child.items, `${path}[]`);
    }
  };
  walk(node, '');
  for (const k of Object.keys(entry.keys))
    if (!used.has(k)) throw new Error(`config registry: ${where}: \`${k}\` is described but is no key`);
}

/** The JSON schema of config.json (docs/config.schema.json). */
export function renderConfigSchema(): JsonNode {
  const sections = Object.fromEntries(
    Object.entries(CONFIG_SECTIONS).map(([k, e]) => [k, z.optional(e.schema as z.ZodMiniType)]),
  );
  const all = z.object({ ...CORE_CONFIG.schema.def.shape, ...sections });
  // io 'input': a key with a default may be left out. Checks zod cannot express (refinements) are
  // written in the key's description.
  const schema = z.toJSONSchema(all, { io: 'input', target: 'draft-7' }) as JsonNode;
  const props = schema.properties!;
  const core: JsonNode = {
    properties: Object.fromEntries(Object.keys(CORE_CONFIG.schema.def.shape).map((k) => [k, props[k]!])),
  };
  describeKeys(core, CORE_CONFIG, 'core');
  for (const [k, e] of Object.entries(CONFIG_SECTIONS)) {
    describeKeys(props[k]!, e, k);
    props[k]!.description = e.doc;
  }
  return {
    $schema: schema.$schema,
    $comment: 'Generated from src/common/config-registry.ts by `npm run gen:config`: do not edit.',
    title: 'self-generation config.json',
    description:
      '~/.self-generation/config.json: every key is optional; a bad value falls back to its default and `self-gen doctor` names it.',
    type: 'object',
    properties: {
      $schema: { type: 'string', description: 'this schema, for editors' },
      ...props,
    },
  };
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** zod writes an integer's implicit bounds (±2^53 - 1); they say nothing. */
const bound = (v: number | undefined) =>
  v === undefined || Math.abs(v) >= Number.MAX_SAFE_INTEGER ? undefined : v;

function range(n: JsonNode): string {
  const [lo, hi, xlo, xhi] = [n.minimum, n.maximum, n.exclusiveMinimum, n.exclusiveMaximum].map(bound);
  if (lo !== undefined && hi !== undefined) return `${lo}–${hi}`;
  const parts: string[] = [];
  if (lo !== undefined) parts.push(`≥ ${lo}`);
  if (xlo !== undefined) parts.push(`> ${xlo}`);
  if (hi !== undefined) parts.push(`≤ ${hi}`);
  if (xhi !== undefined) parts.push(`< ${xhi}`);
  return parts.join(', ');
}

function typeOf(n: JsonNode): string {
  if (n.enum) return n.enum.map((v) => JSON.stringify(v)).join(' or ');
  if (n.type === 'array') return `${n.items ? typeOf(n.items) : 'any'}[]`;
  if (n.type === 'object' && n.additionalProperties && typeof n.additionalProperties === 'object')
    return `{ name: ${typeOf(n.additionalProperties)} }`;
  if (n.type === 'integer' || n.type === 'number') {
    const r = range(n);
    return r ? `${n.type} ${r}` : n.type;
  }
  return n.type ?? 'any';
}

/** Rows `| key | type | default | what it does |` for the properties of `node`, nested ones flattened. */
function keyRows(node: JsonNode, prefix: string, skip: string[] = []): string[] {
  const rows: string[] = [];
  for (const [k, n] of Object.entries(node.properties ?? {})) {
    if (skip.includes(k)) continue;
    const path = `${prefix}${k}`;
    const req = node.required?.includes(k) ? ' (required)' : '';
    const def = n.default !== undefined && !n.properties ? `\`${JSON.stringify(n.default)}\`` : '–';
    rows.push(
      `| \`${cell(path)}\` | ${cell(typeOf(n))}${req} | ${cell(def)} | ${cell(n.description ?? '')} |`,
    );
    const kids = Object.entries(n.properties ?? {});
    const first = kids[0]?.[1];
    const same = kids.every(
      ([, c]) => c.description === first?.description && typeOf(c) === typeOf(first ?? c),
    );
    if (first && kids.length > 2 && same) {
      // keys described together (`roles.*`): one row
      const c = first;
      const names = kids.map(([ck]) => `\`${ck}\``).join(', ');
      rows.push(
        `| \`${cell(path)}.*\` | ${cell(typeOf(c))} | – | ${cell(`${c.description ?? ''}; keys: ${names}`)} |`,
      );
    } else if (n.properties) rows.push(...keyRows(n, `${path}.`));
    if (n.items?.properties) rows.push(...keyRows(n.items, `${path}[].`));
  }
  return rows;
}

const HEAD = ['| key | type | default | what it does |', '|---|---|---|---|'];

/** The key tables of docs/configuration.md, by block name: core, embedding, then one per section. */
export function renderKeyTables(schema: JsonNode = renderConfigSchema()): Record<string, string> {
  const props = schema.properties!;
  const sections = Object.keys(CONFIG_SECTIONS);
  const core: JsonNode = {
    properties: Object.fromEntries(Object.keys(CORE_CONFIG.schema.def.shape).map((k) => [k, props[k]!])),
  };
  const out: Record<string, string> = {
    'config:core': [...HEAD, ...keyRows(core, '', ['embedding', ...sections])].join('\n'),
    'config:embedding': [...HEAD, ...keyRows(props.embedding!, 'embedding.')].join('\n'),
  };
  for (const k of sections) out[`config:${k}`] = [...HEAD, ...keyRows(props[k]!, `${k}.`)].join('\n');
  return out;
}

/** The text between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->` replaced by `body`. */
export function replaceGenerated(doc: string, name: string, body: string): string {
  const open = `<!-- generated:${name} (npm run gen:config) -->`;
  const close = `<!-- /generated:${name} -->`;
  const a = doc.indexOf(open);
  const b = doc.indexOf(close);
  if (a < 0 || b < a) throw new Error(`docs/configuration.md has no ${open} … ${close} block`);
  return `${doc.slice(0, a + open.length)}\n\n${body}\n\n${doc.slice(b)}`;
}

export function renderConfigDoc(doc: string): string {
  let out = replaceGenerated(doc, 'env', renderEnvTable());
  for (const [name, table] of Object.entries(renderKeyTables())) out = replaceGenerated(out, name, table);
  return out;
}

/** docs/config.schema.json's text. */
export function renderConfigSchemaFile(): string {
  return JSON.stringify(renderConfigSchema(), null, 2) + '\n';
}
