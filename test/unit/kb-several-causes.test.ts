// #13 round 2 (retrieval5): fewer false matches when one message has several causes. Each rule has a
// case the code before the round got wrong; the raw texts are written for these tests, not taken
// from the retrieval data set.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contextAgreement, contextWords } from '../../src/error-kb/context.js';
import { errorKey } from '../../src/error-kb/error-key.js';
import { recordResolution } from '../../src/error-kb/record.js';
import { contextAgrees, cruxDiffers, prefixAgrees, searchErrorKB } from '../../src/error-kb/search.js';
import { closeDb, openDb, type DB } from '../../src/db/db.js';
import { tempEnv, type TempEnv } from '../helpers/env.js';

const K = (raw: string) => errorKey(raw).normalized;

let t: TempEnv;
let db: DB;
beforeEach(() => {
  t = tempEnv('sg-kb-causes-');
  db = openDb({ env: t.env });
});
afterEach(() => {
  db.close();
  closeDb();
  t.cleanup();
});

/** Records `stored` with its fix, then searches `query` as the hooks do (key, message, raw). */
async function search(stored: string, fix: string, query: string) {
  recordResolution(db, K(stored), { errorRaw: stored, resolution: fix });
  return searchErrorKB(db, query, { embedder: null, lexical: false, bump: false });
}

describe('#13 headlines: the cause below a line that only says a step failed', () => {
  it("argparse's `usage:` headline is not the error: the `<prog>: error:` reason is, whatever the program is called", () => {
    const run = (prog: string, reason: string) =>
      `Exit code 2\nERROR: usage: ${prog} [options] [file_or_dir] [file_or_dir] [...]\n${prog}: error: ${reason}\n  inifile: /srv/x/tox.ini\n  rootdir: /srv/x`;
    const plugin = K(run('pytest', 'unrecognized arguments: --timeout=30'));
    const typo = K(run('pytest', "argument -x/--exitfirst: ignored explicit argument 'yes'"));
    expect(plugin).not.toBe(typo); // before: both `ERROR: usage: pytest [options] …`
    expect(plugin).toBe('error: unrecognized arguments: --timeout=<N>');
    expect(K(run('__main__.py', 'unrecognized arguments: --timeout=30'))).toBe(plugin);
    // alone, the usage line is still the key
    expect(K('usage: git [--version] [--help] [-C <path>]')).toContain('usage: git');
    expect(K('usage: site <command>\n  build    build the pages\n  serve    serve them')).toContain(
      'usage: site',
    );
  });

  it('`Failed to compile.` is keyed by the message under it (and SWC`s `x` / `×` marker is not part of it)', () => {
    const nextjs = (file: string, body: string) => `Exit code 1\nFailed to compile.\n\n./${file}\n${body}`;
    const hook = K(
      nextjs(
        'app/widgets/clock.tsx',
        'Error:\n  × You are using useRef in a Server Component. Mark the file with "use client".',
      ),
    );
    const sameHook = K(
      nextjs(
        'app/nav/menu.tsx',
        'Error:   x You are using useRef in a Server Component. Mark the file with "use client".',
      ),
    );
    const exportErr = K(
      nextjs('app/page.tsx', 'Error:   x Only async functions may be exported from a "use server" file.'),
    );
    expect(hook).toBe(sameHook);
    expect(hook).toContain('useRef in a Server Component');
    expect(exportErr).not.toBe(hook); // before: both `Failed to compile.`
  });

  it("cargo's `Caused by:` chain: the headline and its deepest cause, so two causes are two keys", () => {
    const cargo = (path: string, cause: string) =>
      `Exit code 101\nerror: failed to load manifest for workspace member \`${path}\`\n\nCaused by:\n  ${cause}`;
    const a = K(cargo('/w/crates/a', 'failed to read `/w/crates/a/Cargo.toml`'));
    const b = K(cargo('/w/crates/b', 'package `b` cannot be tested because it requires dev-dependencies'));
    expect(a).not.toBe(b); // before: one key, `error: failed to load manifest for workspace member <STR>`
    expect(a).toContain('Caused by: failed to read <STR>');
    expect(K(cargo('/home/q/crates/a', 'failed to read `/home/q/crates/a/Cargo.toml`'))).toBe(a);
  });
});

describe('#13 prefix tier: the crux word that differs after the common beginning', () => {
  it('one word replaced inside a sentence that goes on alike is another problem (`worker scope` vs `module scope`)', async () => {
    const hit = await search(
      'Exit code 1\nReferenceError: importScripts is not available outside of worker scope.',
      'this runs in a module worker: use import statements instead of importScripts',
      'Exit code 1\nReferenceError: importScripts is not available outside of window scope.',
    );
    expect(hit).toBeNull(); // before: a prefix match (shared `scope.` after the differing word)
    expect(cruxDiffers('worker scope.', 'window scope.')).toBe(true);
  });

  it('a phrase replaced at the end (`undeclared module` vs `undeclared data source`) is another problem', () => {
    expect(
      prefixAgrees('Error: Reference to undeclared data source', 'Error: Reference to undeclared module'),
    ).toBe(false);
  });

  it('names in the slot (a file extension, a package, a number) and a lone last word still agree', () => {
    expect(
      prefixAgrees(
        'This tool cannot open binary files. The file is a binary .parquet file. Use a tool made for that format.',
        'This tool cannot open binary files. The file is a binary .xlsx file. Use a tool made for that format.',
      ),
    ).toBe(true);
    expect(
      prefixAgrees(
        'No matching version found for left-pad@^<N>.',
        'No matching version found for kysely@^<N>.',
      ),
    ).toBe(true);
    expect(
      prefixAgrees('Exceeded timeout of <N> ms for a test.', 'Exceeded timeout of <N> ms for a hook.'),
    ).toBe(true);
  });
});

describe('#13 context check: a wrapper key agrees only when the rest of the output does', () => {
  // every line but the last is a wrapper or progress line: `failed to push some refs` is the key
  const stored =
    "Exit code 1\nTo git.example.org:team/site.git\n ! [rejected]        main -> main (non-fast-forward)\nerror: failed to push some refs to 'git.example.org:team/site.git'";
  const fix = 'git pull --rebase, then push again';

  it('the same refused push in another repository still finds the fix', async () => {
    const rerun = stored.replaceAll('team/site', 'ops/infra');
    const hit = await search(stored, fix, rerun);
    expect(hit?.resolution).toBe(fix);
  });

  it('a push refused for another reason (the remote hook, a shallow clone) does not', async () => {
    const declined =
      "Exit code 1\nTo git.example.org:ops/infra.git\n ! [remote rejected] main -> main (pre-receive hook declined)\nerror: failed to push some refs to 'git.example.org:ops/infra.git'";
    expect(K(declined)).toBe(K(stored)); // one key…
    expect(await search(stored, fix, declined)).toBeNull(); // …before: an exact match
  });

  it('a bare wrapper line stored without its cause is not advised for an output that names one', async () => {
    const bare = "error: failed to push some refs to 'git.example.org:team/site.git'";
    expect(K(bare)).toBe(K(stored));
    expect(await search(bare, fix, stored)).toBeNull(); // before: an exact match
  });

  it("ssh's `Host key verification failed.` is a headline: a changed key and an unknown host are two causes", async () => {
    const changed = (host: string) =>
      `Exit code 255\n@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @\n@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\nSomeone could be eavesdropping on you right now (man-in-the-middle attack)!\nOffending ECDSA key in /home/dev/.ssh/known_hosts:7\nHost key for ${host} has changed and you have requested strict checking.\nHost key verification failed.`;
    const fixChanged =
      'the server was rebuilt: ssh-keygen -R <host>, then connect again and accept the new key';
    const rerun = await search(changed('build.example.net'), fixChanged, changed('10.1.2.3'));
    expect(rerun?.resolution).toBe(fixChanged);
    const unknown =
      'Exit code 255\nNo ECDSA host key is known for deploy.example.net and you have requested strict checking.\nHost key verification failed.';
    expect(K(unknown)).toBe(K(changed('x')));
    expect(await search(changed('build.example.net'), fixChanged, unknown)).toBeNull(); // before: an exact match
  });

  it('keys that say why are not checked; no raw text means no opinion', () => {
    const entry = {
      id: 1,
      error_normalized: 'x',
      error_raw: 'Exit code 1\nerror: failed to push some refs to <x>\n ! [rejected] main (fetch first)',
      resolution: fix,
    } as Parameters<typeof contextAgrees>[2];
    expect(contextAgrees('error: failed to push some refs to <x>', undefined, entry)).toBe(true);
    expect(
      contextAgrees('TypeError: x is not a function', 'TypeError: x is not a function\nat y', entry),
    ).toBe(
      false, // the stored key is a wrapper: the query's empty context cannot confirm it
    );
  });

  it('context words drop the message, progress, stack frames and log hints', () => {
    const words = contextWords(
      'Exit code 1\nCompiling foo v0.1.0\nTypeError: boom\n    at run (/app/x.js:3:9)\nnpm ERR! A complete log of this run can be found in: /root/.npm/_logs/x.log\nhint: the widget registry is frozen',
      'TypeError: boom',
    );
    expect([...words].sort()).toEqual(['frozen', 'hint', 'registry', 'widget']);
    expect(contextAgreement(new Set(['a', 'b']), new Set(['b', 'c', 'd'])).containment).toBe(0.5);
  });
});
