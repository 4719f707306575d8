// Issue #26.2 The matcher: what users see of it. A proven fix is found again when only the
// variable parts differ; a wrong fix is never given for a look-alike with another cause; the
// features of a decision are the ones documented (docs/error-kb.md).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type DB } from '../../src/db/db.js';
import { errorKey } from '../../src/error-kb/error-key.js';
import { recordResolution } from '../../src/error-kb/record.js';
import { searchErrorKB, type SearchTrace } from '../../src/error-kb/search.js';
import { FEATURES, THRESHOLD, WEIGHTS } from '../../src/error-kb/matcher.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

let t: TempEnv;
let db: DB;
beforeEach(() => {
  t = tempEnv();
  db = openDb({ env: t.env });
});
afterEach(() => {
  db.close();
  t.cleanup();
});

const store = (raw: string, resolution: string) =>
  recordResolution(db, errorKey(raw).normalized, { errorRaw: raw, resolution, resolvedBy: 'Bash' })!;
const find = (raw: string, trace?: SearchTrace) =>
  searchErrorKB(db, raw, { embedder: null, bump: false, ...(trace ? { trace } : {}) });

// a KB with neighbours, as a real one has
function neighbours() {
  store(
    'Exit code 1\nnpm ERR! code E404\nnpm ERR! 404 Not Found - GET https://registry.npmjs.org/lefpad',
    'fix the package name',
  );
  store("Exit code 1\nTypeError: Cannot read properties of undefined (reading 'map')", 'guard the value');
  store(
    'Exit code 128\nfatal: not a git repository (or any of the parent directories): .git',
    'git init, or cd into the repository',
  );
  store('error[E0425]: cannot find value `x` in this scope\n --> src/main.rs:3:5', 'declare the variable');
}

describe('a proven fix is found again', () => {
  it('when only paths, ports, names and numbers differ', async () => {
    neighbours();
    const id = store(
      'Exit code 1\nError: listen EADDRINUSE: address already in use :::3000\n    at Server.setupListenHandle [as _listen2] (node:net:1817:16)',
      'stop the process that holds the port',
    );
    const m = await find(
      'Exit code 1\nError: listen EADDRINUSE: address already in use 127.0.0.1:8080\n    at Server.setupListenHandle [as _listen2] (node:net:1872:16)',
    );
    expect(m).toMatchObject({ id, resolution: 'stop the process that holds the port' });
  });

  it('when a CI log, a compose prefix and timestamps wrap the same error', async () => {
    neighbours();
    const id = store(
      'Exit code 1\nTraceback (most recent call last):\n  File "/app/main.py", line 1, in <module>\n    import requests\nModuleNotFoundError: No module named \'requests\'',
      'pip install requests',
    );
    const m = await find(
      '2024-03-02T11:02:03.1234567Z web-1  | Traceback (most recent call last):\n2024-03-02T11:02:03.1234567Z web-1  |   File "/srv/run.py", line 4, in <module>\n2024-03-02T11:02:03.1234567Z web-1  | ModuleNotFoundError: No module named \'requests\'\n##[error]Process completed with exit code 1.',
    );
    expect(m).toMatchObject({ id, tier: 'exact' });
  });
});

describe('a wrong fix is never given', () => {
  it('for a look-alike about another kind of name (a path, not a package)', async () => {
    neighbours();
    store(
      "Exit code 1\nError: Cannot find module 'express'\nRequire stack:\n- /app/server.js",
      'npm install express',
    );
    expect(
      await find(
        "Exit code 1\nError: Cannot find module '/app/dist/server.js'\n    at Module._resolveFilename (node:internal/modules/cjs/loader:1145:15)",
      ),
    ).toBeNull();
  });

  it('for two failures that only share a CI wrapper line', async () => {
    neighbours();
    store(
      'Run go build ./...\ngo: github.com/acme/lib@v1.4.0: reading https://proxy.golang.org/github.com/acme/lib/@v/v1.4.0.mod: 410 Gone\nError: Process completed with exit code 1.',
      'use a released version of the module',
    );
    expect(
      await find('Run npm test\nsh: 1: jest: not found\nError: Process completed with exit code 127.'),
    ).toBeNull();
  });
});

describe('several causes behind one headline', () => {
  it("ssh's `Host key verification failed.`: a changed key is not an unknown host", async () => {
    neighbours();
    const changed =
      'Exit code 255\n@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @\n@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\nIT IS POSSIBLE THAT SOMEONE IS DOING SOMETHING NASTY!\nHost key for github.com has changed and you have requested strict checking.\nHost key verification failed.';
    const id = store(changed, 'ssh-keygen -R github.com, then check the new fingerprint');
    expect((await find(changed.replace(/github\.com/g, 'gitlab.example.org')))?.id).toBe(id);
    expect(
      await find(
        'Exit code 255\nNo ECDSA host key is known for gitlab.example.org and you have requested strict checking.\nHost key verification failed.',
      ),
    ).toBeNull();
  });
});

describe('the decision is one logistic score over the documented features', () => {
  it('--explain material: every candidate has the features, a probability and the threshold', async () => {
    neighbours();
    const trace: SearchTrace = { tiers: [] };
    await find('npm error code E404\nnpm error 404 Not Found - GET https://registry.npmjs.org/lodahs', trace);
    expect(trace.threshold).toBe(THRESHOLD);
    expect(trace.scored?.length).toBeGreaterThan(0);
    for (const s of trace.scored!) {
      expect(Object.keys(s.features).sort()).toEqual([...FEATURES].sort());
      let z = WEIGHTS.bias;
      for (const f of FEATURES) z += WEIGHTS[f] * s.features[f];
      expect(s.p).toBeCloseTo(1 / (1 + Math.exp(-z)), 9);
    }
  });
});

// Issue #32 (b, a): an `npm run build` failure whose key was the same one session later scored
// p 0.704 < 0.7408 (`sameKey 1`), and the exact tier alone said "no match".
describe('identical keys are found (issue #32)', () => {
  const build = (dir: string, ms: number) =>
    `Exit code 2\nnpm warn Unknown user config "always-auth". This will stop working in the next major version of npm.\n\n> app@1.0.0 build\n> tsc -p .\n\nsrc/${dir}/index.ts(3,21): error TS2307: Cannot find module './missing' or its corresponding type declarations.\nnpm error code 2\nnpm error path /home/u/${dir}\nnpm error command failed\nnpm error command sh -c tsc -p .\nnpm error A complete log of this run can be found in: /home/u/.npm/_logs/2026-11-2${ms}T10_00_00_000Z-debug-0.log`;

  it('the same failure one session later: found by the exact tier, whatever the score, also when it runs alone', async () => {
    neighbours();
    const id = store(build('web', 1), 'create src/web/missing.ts');
    const again = build('web', 2);
    expect(errorKey(again).normalized).toBe(errorKey(build('web', 1)).normalized);
    expect(await find(again)).toMatchObject({ id, tier: 'exact' });
    // whatever the model's probability (the issue saw 0.704 < 0.7408 in a KB where npm's words
    // are common): a threshold no probability reaches
    const opts = { embedder: null, bump: false, threshold: 1 };
    expect(await searchErrorKB(db, again, opts)).toMatchObject({ id, tier: 'exact' });
    expect(await searchErrorKB(db, again, { ...opts, tiers: ['exact'] })).toMatchObject({
      id,
      tier: 'exact',
    });
  });

  it('a look-alike key whose stored fix writes the other name is still not given (the names check)', async () => {
    neighbours();
    store("Exit code 1\nError: Cannot find module 'express'", 'npm install express');
    expect(await find("Exit code 1\nError: Cannot find module 'lodash'")).toBeNull();
  });
});

// Issue #32 (c): the seed's example under the default mode. The quoted property and the function
// name are variables of one template (`… (reading '<*>') at <*>`): a recurrence.
describe("the seed's example under the default (template rule)", () => {
  it("`reading 'map'` at renderList finds the entry of `reading 'filter'` at renderTable", async () => {
    neighbours();
    const id = store(
      "Exit code 1\nTypeError: Cannot read properties of undefined (reading 'filter') at renderTable",
      'guard the list before rendering',
    );
    expect(
      await find("Exit code 1\nTypeError: Cannot read properties of undefined (reading 'map') at renderList"),
    ).toMatchObject({ id, tier: 'similar' });
  });
});
