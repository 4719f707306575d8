// oneLine (src/common/redact.ts): the one "fold to a single line" of hook advice, the shared context
// and the orchestrator's memory context (three copies before, each folding something else).
import { describe, expect, it } from 'vitest';
import { oneLine } from '../../src/common/redact.js';

describe('oneLine', () => {
  it('folds newlines, tabs, control characters and runs of white space into one space', () => {
    expect(oneLine('  npm ERR!\r\n\tcode\u001b[31m  E404 \u0007 ', 100)).toBe('npm ERR! code [31m E404');
  });

  it('cuts at max without splitting a surrogate pair; null/undefined → empty', () => {
    expect(oneLine('ab😀cd', 4)).toBe('ab…');
    expect(oneLine(undefined, 10)).toBe('');
    expect(oneLine(42, 10)).toBe('42');
  });
});
