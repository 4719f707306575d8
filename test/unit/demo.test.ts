// `self-gen demo` replays sessions through the real handlers: each moment injects what it should.
import { describe, expect, it } from 'vitest';
import { runDemo } from '../../src/demo/run.js';

describe('self-gen demo', () => {
  it('shows the learned fix, the file history, the subagent context and the shared context', async () => {
    const { results } = await runDemo({ locale: 'en' });
    const at = (note: RegExp) => results.find((r) => note.test(r.note))!;
    expect(at(/^session 1 starts/).context).toBeNull();
    expect(at(/the build fails/).context).toBeNull(); // nothing known yet
    expect(at(/same build error comes back/).context).toMatch(/npm install react/);
    expect(at(/before the next Bash call/).context).toMatch(/npm install react|Bash/);
    // the file's past error is not repeated (it came from an earlier session): which tool failed, and the fix
    expect(at(/before editing src\/App\.tsx/).context).toMatch(
      /An earlier ` Edit ` call on this file failed/,
    );
    expect(at(/a code subagent starts/).context).toMatch(/Cannot find module/);
    expect(at(/reviewer subagent starts/).context).toMatch(/src\/App\.tsx/);
    for (const r of results) if (r.context) expect(r.context.length).toBeLessThanOrEqual(10_000);
  });
});
