// The extraction rules in force: the built-in ones (extract.ts), those registered from code
// (NFR-5) and those declared in config (compiled with the linear-time regex engine).

import { compileSafeRegex, type SafeRegex } from '../common/safe-regex.js';

import type { RuleConfigT, SharedContextConfig } from './config.js';
import { BUILTIN_RULES, str, type ExtractionRule } from './extract.js';

const codeRules: ExtractionRule[] = [];

/** Adds a rule from code (NFR-5). Returns a function that removes it again. */
export function registerExtractionRule(rule: ExtractionRule): () => void {
  codeRules.push(rule);
  return () => {
    const i = codeRules.indexOf(rule);
    if (i >= 0) codeRules.splice(i, 1);
  };
}

/**
 * A config regex, compiled with the linear-time engine (common/safe-regex.ts): a catastrophic
 * pattern cannot hang a hook, and one RE2 cannot run (look-around, back-references) skips the rule.
 */
function safeRegex(
  source: string | undefined,
  problems: string[],
  where: string,
  key: string,
): SafeRegex | null | undefined {
  if (source === undefined) return undefined;
  try {
    return compileSafeRegex(source, { ignoreCase: true });
  } catch (e) {
    problems.push(
      `${where}.${key}: invalid or unsupported regular expression: ${(e as Error).message}; rule skipped`,
    );
    return null;
  }
}

/** Turns a config rule into an ExtractionRule (null when its regexes are invalid). */
export function ruleFromConfig(r: RuleConfigT, problems: string[] = []): ExtractionRule | null {
  const where = `sharedContext.rules.${r.name}`;
  const tool = safeRegex(r.tool, problems, where, 'tool');
  const match = safeRegex(r.match, problems, where, 'match');
  const final = safeRegex(r.finalMessage, problems, where, 'finalMessage');
  if (tool === null || match === null || final === null) return null;
  const label = r.label ? `${r.label} ` : '';
  const rule: ExtractionRule = { name: r.name };
  if (tool) {
    rule.toolCall = (c, ctx) => {
      if (!tool.test(c.name)) return null;
      if (r.onlyFailed && c.failed !== true) return null;
      const keys = r.field
        ? [r.field]
        : ['command', 'file_path', 'notebook_path', 'pattern', 'path', 'url', 'query'];
      const key = keys.find((k) => typeof c.input[k] === 'string');
      const value = key ? str(c.input[key]) : '';
      if (match && !match.test(value)) return null;
      const shown = key && /path$/.test(key) ? ctx.rel(value) : value;
      return { category: r.category, text: `${label}${shown || c.name}${c.failed ? ' (failed)' : ''}` };
    };
  }
  if (final) {
    rule.finalMessage = (text) =>
      text
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && final.test(l))
        .map((l) => ({ category: r.category, text: `${label}${l}` }));
  }
  return rule.toolCall || rule.finalMessage ? rule : null;
}

export function activeRules(cfg: SharedContextConfig, problems: string[] = []): ExtractionRule[] {
  const off = new Set(cfg.disabledRules);
  const rules = BUILTIN_RULES.filter((r) => !off.has(r.name));
  for (const r of cfg.rules) {
    const compiled = ruleFromConfig(r, problems);
    if (compiled && !off.has(compiled.name)) rules.push(compiled);
  }
  return [...rules, ...codeRules.filter((r) => !off.has(r.name))];
}
