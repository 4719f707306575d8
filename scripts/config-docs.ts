// The generated parts of docs/configuration.md, rendered from the configuration registry
// (src/common/env-vars.ts). `npm run gen:config` writes them; test/unit/config-registry.test.ts fails
// when the page differs from what this renders.
import { ENV_VARS, type EnvAudience } from '../src/common/env-vars.js';

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
  return replaceGenerated(doc, 'env', renderEnvTable());
}
