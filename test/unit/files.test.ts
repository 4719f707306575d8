import { describe, expect, it } from 'vitest';
import { extractFiles, sameFile } from '../../src/common/files.js';
import { extractErrorMessage, normalizeError } from '../../src/error-kb/normalize.js';
import { parsePayload } from '../../src/hook/contract/payload.js';

describe('files named in text', () => {
  it('finds paths in tsc, node, python and pytest errors', () => {
    expect(extractFiles("src/app.ts(12,5): error TS2322: Type 'string' is not assignable")).toEqual([
      'src/app.ts',
    ]);
    expect(extractFiles('Error: Cannot find module "./x" at /home/u/p/src/index.js:10:3')).toContain(
      '/home/u/p/src/index.js',
    );
    expect(extractFiles('File "/app/main.py", line 3, in <module>')).toEqual(['/app/main.py']);
    expect(extractFiles('FAILED tests/test_api.py::test_get - AssertionError')).toEqual([
      'tests/test_api.py',
    ]);
    expect(extractFiles('npm ERR! version 1.2.3 of lodash')).toEqual([]);
  });

  it('matches whole path components only', () => {
    expect(sameFile('config.json', '/p/config.json')).toBe(true);
    expect(sameFile('config.json', '/p/tsconfig.json')).toBe(false);
    expect(sameFile('src/a.ts', '/p/src/a.ts')).toBe(true);
    expect(sameFile('src/a.ts', '/p/lib/a.ts')).toBe(false);
    expect(sameFile('/p/src/a.ts', '/q/src/a.ts')).toBe(false);
    expect(sameFile('/p/src/a.ts', '/p/src/a.ts')).toBe(true);
  });
});

describe('error message used for normalisation', () => {
  it("drops Claude Code's Exit code line and prefers the error line", () => {
    expect(extractErrorMessage('Exit code 1\ncat: /x/y.txt: No such file or directory')).toBe(
      'cat: /x/y.txt: No such file or directory',
    );
    expect(extractErrorMessage('Exit code 2\n> build\nsrc/a.ts(1,1): error TS1005: ; expected')).toBe(
      'src/a.ts(1,1): error TS1005: ; expected',
    );
    expect(extractErrorMessage('<tool_use_error>File has not been read yet.</tool_use_error>')).toBe(
      'File has not been read yet.',
    );
    expect(normalizeError(extractErrorMessage('Exit code 1\ncat: /x/y.txt: No such file or directory'))).toBe(
      'cat: <PATH>: No such file or directory',
    );
  });
});

describe('hook payload validation', () => {
  it('accepts the real payload shape and keeps unknown fields', () => {
    const p = parsePayload(
      JSON.stringify({ hook_event_name: 'Stop', session_id: 's', cwd: '/x', background_tasks: [] }),
    );
    expect(p).toMatchObject({ hook_event_name: 'Stop', session_id: 's', background_tasks: [] });
  });
  it('takes the event from the command line when the payload lacks it', () => {
    expect(parsePayload('{"session_id":"s"}', 'SessionEnd')?.hook_event_name).toBe('SessionEnd');
  });
  it('rejects a missing session id or an unknown event; drops optional fields of the wrong type', () => {
    expect(parsePayload('{"hook_event_name":"Stop"}')).toBeNull();
    expect(parsePayload('{"hook_event_name":"Nope","session_id":"s"}')).toBeNull();
    const p = parsePayload(
      '{"hook_event_name":"PreToolUse","session_id":"s","tool_name":7,"tool_input":"x"}',
    );
    expect(p).not.toBeNull();
    expect(p!.tool_name).toBeUndefined();
    expect(p!.tool_input).toBeUndefined();
  });
});
