// Renders the fix policy's rule table (rules.ts) and the programs with a grammar (grammars/) as
// docs/fix-policy-rules.md (scripts/gen-policy-rules.mjs writes it; a test checks it is current).
import { GRAMMAR_PROGRAMS } from './gate.js';
import { RULES } from './rules.js';
import { POLICY_VERSION } from '../error-kb/index.js';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The whole of docs/fix-policy-rules.md. */
export function renderPolicyRules(): string {
  const lines = [
    '# Fix policy rules',
    '',
    '<!-- Generated from src/fix-policy/rules.ts and src/fix-policy/grammars/ by `npm run gen:policy`. Do not edit. -->',
    '',
    `Policy version ${POLICY_VERSION}. Every stored verdict names one of these rules; \`self-gen kb show N\``,
    'prints it. When the table or a grammar changes, the version changes and every stored fix is judged',
    'again in the background.',
    '',
    'How a fix is judged (see docs/security.md for why):',
    '',
    '1. **Deny rules** (effect `withhold`): the fix is never offered, not even in the project that proved it.',
    '2. **The allow-list** (effect `project`): a fix is offered in other projects only when every word of it',
    '   is recognised by the grammar of its program (below), every path stays inside the project after the',
    "   shell's expansions, no environment variable off the allow-list is set, no file that runs code or",
    '   configures a tool is written, and a typed fix is nothing but commands. Anything else is offered only',
    '   in the project that proved it.',
    '',
    '| rule | class | effect | what | reason shown | test |',
    '| --- | --- | --- | --- | --- | --- |',
    ...RULES.map(
      (r) =>
        `| \`${r.id}\` | ${cell(r.class)} | ${r.effect} | ${cell(r.what)} | ${cell(r.why)} | \`${r.test}\` |`,
    ),
    '',
    '## Programs with a grammar',
    '',
    'A program not listed here is not recognised: a fix that runs it stays in its project.',
    '',
    GRAMMAR_PROGRAMS.map((p) => `\`${p}\``).join(', '),
    '',
    'Code given inline to `julia -e`, `Rscript -e` and `R -e` is recognised only when it manages packages',
    "(src/fix-policy/inline-code.ts): well-known packages by name from Julia's General registry, CRAN or",
    'Bioconductor; any other inline code is withheld.',
    '',
  ];
  return lines.join('\n');
}
