// Secrets never reach disk: the redaction corpus.
import { describe, expect, it } from 'vitest';
import { redact, redactDeep, stripPrivate, truncate } from '../../src/common/redact.js';
import { OWN_RULES, applyOwnRules } from '../../src/common/secret-rules.js';
import { entropy, looksGenerated, secretNameKind } from '../../src/common/secret-names.js';
import { presetMayMatch, secretlintFindings, secretlintRuleCount } from '../../src/common/secretlint.js';
import { SECRET_CORPUS, buildSecretCorpus } from '../helpers/secrets.js';

/** Ordinary tool errors and output: error learning depends on them surviving redaction unchanged. */
const ORDINARY = [
  'Exit code 1\ncat: /nonexistent/dir/file.txt: No such file or directory',
  'Exit code 1',
  'Exit code 127\nbash: line 1: pnpm: command not found',
  "Error: Cannot find module './utils' from /home/dev/proj/src/index.ts",
  "error TS2339: Property 'apiKey' does not exist on type 'Config'.",
  "src/auth.ts(12,5): error TS2322: Type 'string | undefined' is not assignable to type 'string'.",
  "TypeError: Cannot read properties of undefined (reading 'token')",
  'TypeError: token.split is not a function',
  'npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree',
  'npm error 404 Not Found - GET https://registry.npmjs.org/@acme%2fmissing - Not found',
  'Traceback (most recent call last):\n  File "/app/main.py", line 3, in <module>\n    import requests\nModuleNotFoundError: No module named \'requests\'',
  "KeyError: 'api_key'",
  'django.core.exceptions.ImproperlyConfigured: The SECRET_KEY setting must not be empty.',
  'error[E0382]: borrow of moved value: `token`\n  --> src/main.rs:10:5',
  './main.go:14:2: undefined: authToken',
  "fatal: Authentication failed for 'https://github.com/org/repo.git/'",
  "error: failed to push some refs to 'github.com:org/repo.git'",
  'commit 3f9a1c2e4b5d6f708192a3b4c5d6e7f809a1b2c3\nAuthor: Dev <dev@example.com>',
  'HEAD is now at 3f9a1c2 fix: rotate keys',
  'request 550e8400-e29b-41d4-a716-446655440000 failed with status 500',
  'session 1d781026-4b91-4581-b3a2-f91871abc842 not found',
  'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855: not found',
  'psql: error: connection to server at "localhost" (127.0.0.1), port 5432 failed: FATAL:  password authentication failed for user "postgres"',
  "ERROR 1045 (28000): Access denied for user 'root'@'localhost' (using password: YES)",
  'Permission denied (publickey).',
  'curl: (22) The requested URL returned error: 401',
  'HTTP 401 Unauthorized: invalid or expired token',
  "Error: ENOENT: no such file or directory, open '/home/dev/proj/.env'",
  'FAIL src/auth.test.ts > login > rejects a bad token',
  'AssertionError: expected 200 to equal 401',
  '  ✗ 3 tests failed (12 passed) in 1.52s',
  'docker: Error response from daemon: pull access denied for acme/app, repository does not exist',
  'max_tokens=4096 exceeds the limit of 2048',
  'sort_keys=True is not supported here',
  'keyPath=/etc/ssl/private/server.key does not exist',
  '{"token_type": "bearer", "expires_in": 3600}',
  'the password field is required (see docs)',
  'git log -p --stat',
  'mkdir -p /tmp/foo/bar && cd /tmp/foo',
  'docker run -u 1000:1000 node:20 npm test',
  'warning: LF will be replaced by CRLF in src/key-store.ts',
  'Error: listen EADDRINUSE: address already in use :::3000',
  "ValueError: invalid literal for int() with base 10: 'abc'",
  'Segmentation fault (core dumped)',
  'make: *** [Makefile:12: build] Error 2',
  'java.lang.NullPointerException: Cannot invoke "String.length()" because "key" is null',
  'E   assert 401 == 200\nE    +  where 401 = <Response [401]>.status_code',
  'ssh: connect to host 10.0.0.5 port 22: Connection refused',
  'Downloading https://files.pythonhosted.org/packages/ab/cd/requests-2.31.0-py3-none-any.whl',
  'at Object.<anonymous> (/home/dev/proj/node_modules/jest-runtime/build/index.js:1439:24)',
];

describe('redact', () => {
  for (const c of SECRET_CORPUS) {
    it(`removes a ${c.name}`, () => {
      const out = redact(c.text);
      expect(out).not.toContain(c.secret);
      expect(out).toContain('REDACTED');
      // Also after a prefix that looks like a name (`failed:`) or a flag (`--verbose`).
      for (const around of [`Exit code 1\nfailed: ${c.text}`, `deploy --verbose ${c.text}`, `"${c.text}"`])
        expect(redact(around), around).not.toContain(c.secret);
    });
  }

  it(`#12.4 ordinary tool errors are unchanged (${ORDINARY.length} errors)`, () => {
    const changed = ORDINARY.filter((e) => redact(e) !== e).map((e) => `${e}\n  -> ${redact(e)}`);
    expect(changed).toEqual([]);
  });

  it('#12.4 the shapes named in the issue are all redacted', () => {
    const v = 'Zq7' + 'x9Lk2' + 'Vb8Rt4' + 'Np6Hw3';
    for (const text of [
      `SECRET_KEY=${v}`,
      `redis-cli -u redis://:${v}@cache:6379`,
      `mysql -u root -p${v} shop`,
      `curl -u alice:${v} https://api.example.com`,
      `DefaultEndpointsProtocol=https;AccountName=a;AccountKey=${v}${v}==;EndpointSuffix=core.windows.net`,
      `machine example.com login bob password ${v}`,
      `password ${v}`,
      `JWT_SECRET_KEY=${v}`,
      `SECRET_KEY_BASE=${v}`,
      `ENCRYPTION_KEY=${v}`,
      `sshpass -p ${v} ssh deploy@host`,
      `aws configure set aws_secret_access_key ${v}`,
    ]) {
      expect(redact(text), text).not.toContain(v);
    }
  });

  it(`#12.4 the corpus holds at least 60 shapes across the families (${SECRET_CORPUS.length})`, () => {
    expect(SECRET_CORPUS.length).toBeGreaterThanOrEqual(60);
    const families = new Set(SECRET_CORPUS.map((c) => c.family));
    for (const f of [
      'cloud',
      'vcs',
      'saas',
      'private-key',
      'jwt',
      'connection-string',
      'url-credentials',
      'cli-flag',
      'assignment',
      'netrc',
    ])
      expect(families.has(f), f).toBe(true);
    // Generated at test time: another seed gives other secrets (nothing literal is committed).
    const other = buildSecretCorpus(7);
    expect(other.map((c) => c.secret)).not.toEqual(SECRET_CORPUS.map((c) => c.secret));
  });

  it('#12.4 the maintained preset runs and catches shapes our own rules do not know', () => {
    expect(secretlintRuleCount()).toBeGreaterThanOrEqual(20);
    const presetOnly = SECRET_CORPUS.filter((c) => c.name.includes('(preset rule)'));
    expect(presetOnly.length).toBeGreaterThanOrEqual(5);
    for (const c of presetOnly) {
      const own = applyOwnRules(c.text);
      expect(own, `${c.name}: own rules alone`).toContain(c.secret);
      expect(redact(c.text), c.name).not.toContain(c.secret);
    }
  });

  it('#12.4 a rule skipped for lack of its marker would have found nothing', () => {
    const texts = [...SECRET_CORPUS, ...buildSecretCorpus(99)].map((c) => c.text).concat(ORDINARY);
    let checked = 0;
    for (const { name, re, needs } of OWN_RULES) {
      if (needs.length === 0) continue;
      for (const t of texts) {
        re.lastIndex = 0;
        if (!re.test(t)) continue;
        checked++;
        const hay = re.flags.includes('i') ? t.toLowerCase() : t;
        expect(
          needs.some((n) => hay.includes(n)),
          `${name} on ${t}`,
        ).toBe(true);
      }
      re.lastIndex = 0;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('#12.4 the preset prefilter never skips a string the preset would report on', () => {
    const texts = [...SECRET_CORPUS, ...buildSecretCorpus(99)].map((c) => c.text).concat(ORDINARY);
    let reported = 0;
    for (const t of texts) {
      if (secretlintFindings(t).length === 0) continue;
      reported++;
      expect(presetMayMatch(t), t).toBe(true);
    }
    expect(reported).toBeGreaterThan(20);
    expect(ORDINARY.filter((e) => !presetMayMatch(e)).length).toBeGreaterThan(ORDINARY.length / 2);
  });

  it('#12.4 JSON-escaped and cut-off text is redacted too (as stored rows are shown)', () => {
    const v = '89a4ef812fe6' + '6259b16a3172' + '8b2cf66d80ef';
    const row = JSON.stringify({ text: `use {"type":"service_account","private_key_id":"${v}","x":1}` });
    expect(redact(row)).not.toContain(v);
    expect(redact(row.slice(0, row.indexOf(v) + 20))).not.toContain(v.slice(0, 20));
    expect(redact(`"password": "Pw${v}`)).toBe('"password": "[REDACTED]');
  });

  it('#12.4 entropy check: key/token/auth names hide generated values only', () => {
    expect(secretNameKind('JWT_SECRET_KEY')).toBe('strong');
    expect(secretNameKind('ENCRYPTION_KEY')).toBe('weak');
    expect(secretNameKind('apiKey')).toBe('weak');
    expect(secretNameKind('password_file')).toBe(null);
    expect(secretNameKind('monkey')).toBe(null);
    expect(secretNameKind('author')).toBe(null);
    expect(entropy('aaaa')).toBe(0);
    expect(looksGenerated('4096')).toBe(false);
    expect(looksGenerated('bert-base-uncased')).toBe(false);
    expect(looksGenerated('/etc/ssl/private/server.key')).toBe(false);
    expect(looksGenerated('Q3J5cHRvS2V5MTIzNDU2Nzg5MA')).toBe(true);
    expect(redact('MAX_TOKENS=4096 TOKENIZER=bert-base-uncased')).toBe(
      'MAX_TOKENS=4096 TOKENIZER=bert-base-uncased',
    );
    expect(redact('CACHE_KEY=v1 ENCRYPTION_KEY=Q3J5cHRvS2V5MTIzNDU2Nzg5MA')).toBe(
      'CACHE_KEY=v1 ENCRYPTION_KEY=[REDACTED]',
    );
    expect(redact('"auth": true, "token": "${TOKEN}"')).toBe('"auth": true, "token": "${TOKEN}"');
  });

  it('keeps ordinary text, paths and error messages intact', () => {
    for (const s of [
      'Error: Cannot find module ./utils from /home/dev/proj/src/index.ts',
      'npm ERR! code ERESOLVE',
      'TypeError: token.split is not a function',
      'the password field is required (see docs)',
      'git commit -m "add secret rotation docs"',
    ]) {
      expect(redact(s)).toBe(s);
    }
  });

  it('strips <private> sections, also unclosed ones', () => {
    expect(stripPrivate('a <private>b</private> c <PRIVATE>d')).toBe('a [private] c [private]');
  });

  it('redactDeep covers nested strings and secret-named keys', () => {
    expect(redactDeep({ a: ['AKIAIOSFODNN7EXAMPLE'], password: 'plain', n: 1 })).toEqual({
      a: ['[REDACTED:aws-access-key]'],
      password: '[REDACTED]',
      n: 1,
    });
  });

  it('truncate never splits a surrogate pair', () => {
    const s = 'ab😀cd';
    expect(truncate(s, 4, '')).toBe('ab😀');
    const t = truncate(s, 3, '');
    expect(t).toBe('ab');
    expect(truncate('한국어 텍스트', 4, '…')).toBe('한국어…');
  });
});
