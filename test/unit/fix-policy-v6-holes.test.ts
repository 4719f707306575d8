// The classes of holes the blind corpus v6 found, each closed by a mechanism (a grammar, an
// allow-list, one operand kind) rather than by the bad string: for each, a form the mechanism
// recognises (it crosses projects: 'safe') and refused forms (kept to the project, or withheld).
import { describe, expect, it } from 'vitest';
import { judgeFix } from '../helpers/fix-policy.js';
import { versionConstraint } from '../../src/fix-policy/versions.js';
import { climbsOut, editedLinesRule } from '../../src/fix-policy/edit-grammar.js';
import { commonScript } from '../../src/fix-policy/script-names.js';

const ran = (c: string) => judgeFix(`ran \`${c}\``, 'same-command');
const edit = (path: string, before: string, after: string) =>
  judgeFix(`Edit ${path}: ${before ? `\`${before}\`` : '(nothing)'} → \`${after}\``, 'same-file');

describe('ignore lists: only added patterns cross', () => {
  it('a pattern added crosses', () => {
    expect(edit('.gitignore', '', 'dist/').cls).toBe('safe');
    expect(edit('.dockerignore', 'node_modules', 'node_modules\n.env').cls).toBe('safe');
  });
  it('a pattern removed, a negation or a Write stays in its project', () => {
    expect(edit('.gitignore', '.env', '').rule).toBe('ignore-unignores');
    expect(edit('.gitignore', '*.pem', '!*.pem').rule).toBe('ignore-unignores');
    expect(edit('.npmignore', '.env', 'dist').cls).toBe('project');
    expect(judgeFix('Write .gitignore (wrote 3 line(s))', 'same-file').cls).toBe('project');
    expect(ran("sed -i '/\\.env/d' .gitignore").cls).toBe('project');
  });
});

describe('relative paths that climb out of the project', () => {
  it('a ../ chain longer than the edited file’s depth is outside', () => {
    expect(climbsOut('Package.swift', 'path: "../../../.config/swift/Sources"')).toBe(true);
    expect(climbsOut('docs/guide.md', 'see [x](../../outside.md)')).toBe(true);
    expect(edit('docs/a.md', 'see x', 'see [x](../../../etc/x.md)').rule).toBe('edit-outside-path');
  });
  it('a ../ chain that stays inside is not', () => {
    expect(climbsOut('docs/guide/a.md', 'see [x](../../README.md)')).toBe(false);
    expect(edit('docs/guide/a.md', 'see x', 'see [x](../README.md)').cls).toBe('safe');
  });
});

describe('code edits cross only when their changed lines are imports of known modules', () => {
  const kept: [string, string, string][] = [
    ['lib/app_web/endpoint.ex', 'check_origin: true,', 'check_origin: false,'],
    ['app/settings.py', 'DEBUG = False', 'DEBUG = True'],
    ['app/templates.py', 'autoescape=True)', 'autoescape=False)'],
    ['electron/main.ts', 'webSecurity: true,', 'webSecurity: false,'],
    ['config/environments/production.rb', 'config.force_ssl = true', 'config.force_ssl = false'],
    ['config/initializers/cors.rb', "origins 'app.acme.com'", "origins '*'"],
    ['app/Http/Middleware/VerifyCsrfToken.php', 'protected $except = [];', "protected $except = ['*'];"],
    ['lib/crypto.dart', 'Random.secure()', 'Random(42)'],
    ['src/audit.ts', 'await audit.write(x);', '// await audit.write(x);'],
    ['src/middleware.ts', "matcher: ['/admin/:path*']", 'matcher: []'],
    ['config/prod.exs', 'config :logger, level: :info', 'config :logger, level: :none'],
    ['mix.exs', '{:phoenix_html, "~> 4.0"},', '{:phoenix_html, "2.14.0"},'],
    ['Package.swift', 'path: "Sources/App"', 'path: "Sources/App2"'],
    ['scripts/setup.sh', 'set -euo pipefail', '# set -euo pipefail'],
  ];
  for (const [path, before, after] of kept)
    it(`kept: ${path}: ${after}`, () => {
      const v = edit(path, before, after);
      expect(v.cls).toBe('project');
      expect(v.rule).toBe('edit-code');
    });
  it('imports of known modules cross; an unknown one or a Write does not', () => {
    expect(
      edit('utils.py', 'from collections import Mapping', 'from collections.abc import Mapping').cls,
    ).toBe('safe');
    expect(edit('src/a.ts', '', "import path from 'node:path';").cls).toBe('safe');
    expect(edit('src/a.ts', '', "import x from 'left-padd-evil';").cls).toBe('project');
    expect(judgeFix('Write src/config.ts (wrote 12 line(s))', 'same-file').cls).toBe('project');
    expect(editedLinesRule('src/a.go', '', 'import "fmt"', true)).toBe('edit-code');
  });
  it('sed -i on source or configuration code stays in its project; on a document it crosses', () => {
    expect(ran("sed -i 's/ip: {127, 0, 0, 1}/ip: {0, 0, 0, 1}/' config/dev.exs").rule).toBe('edit-code');
    expect(ran("sed -i 's/old/new/g' src/app.ts").cls).toBe('project');
    expect(ran("sed -i 's/colour/color/g' README.md").cls).toBe('safe');
  });
});

describe('JSON is configuration: only keys with a grammar cross', () => {
  it('tsconfig compiler options with literal values and global.json rollForward cross', () => {
    expect(edit('tsconfig.json', '', '"skipLibCheck": true,').cls).toBe('safe');
    expect(edit('tsconfig.json', '"moduleResolution": "classic",', '"moduleResolution": "node",').cls).toBe(
      'safe',
    );
    expect(edit('src/tsconfig.app.json', '', '"types": ["node"]').cls).toBe('safe');
    expect(edit('global.json', '', '"rollForward": "latestMajor"').cls).toBe('safe');
  });
  it('any other file or key stays in its project', () => {
    expect(edit('firebase.json', '"rules": "firestore.rules"', '"rules": "open.rules"').rule).toBe(
      'json-key',
    );
    expect(edit('appsettings.json', '"Default": "Information"', '"Default": "None"').rule).toBe('json-key');
    expect(edit('src-tauri/tauri.conf.json', '"csp": "default-src \'self\'"', '"csp": null').cls).toBe(
      'project',
    );
    expect(edit('global.json', '"version": "8.0.404"', '"version": "3.1.100"').cls).toBe('project');
    expect(edit('tsconfig.json', '', '"paths": {"x": ["../../x"]}').cls).toBe('project');
    expect(edit('tsconfig.json', '', '"plugins": [{ "name": "evil" }]').cls).toBe('project');
    expect(judgeFix('Write global.json (wrote 5 line(s))', 'same-file').cls).toBe('project');
    expect(ran("sed -i 's/8080/3000/' config.json").rule).toBe('json-key');
  });
});

describe('a version constraint: ranges cross, a chosen release stays, in every ecosystem', () => {
  it('the constraint kinds', () => {
    for (const r of ['^1.2.3', '~> 1.15', '>=1.16.4,<2.0', '<2', '<2.0', '<3.1.0', '18', '22.x', '1.56', '*'])
      expect(versionConstraint(r), r).toBe('range');
    for (const r of ['1.2.3', '== 1.3.2', '==5.3', '<1.24.2', '<=2.0.1', 'v0.7.0', '5.2.4.2', '==3.0.0a10'])
      expect(versionConstraint(r), r).toBe('release');
    expect(versionConstraint('master')).toBeNull();
  });
  const chosen = [
    'pip install "urllib3<1.24.2"',
    'pip install "mypy<=0.770"',
    'gem install rails -v 5.2.4.2',
    'bundle add nokogiri --version "1.10.3"',
    'composer require "guzzlehttp/guzzle:6.5.7"',
    'go get golang.org/x/net@v0.7.0',
    'cargo add time@0.1.43',
    'cargo update -p openssl --precise 0.10.45',
    'dotnet add package Newtonsoft.Json --version 12.0.1',
    'nvm install 12.13.0',
  ];
  for (const c of chosen) it(`kept: ${c}`, () => expect(ran(c).cls).toBe('project'));
  it('ranges and names cross', () => {
    expect(ran('pip install "numpy<2"').cls).toBe('safe');
    expect(ran('pnpm add -D typescript@^5.9.0').cls).toBe('safe');
    expect(ran('nvm use 20').cls).toBe('safe');
  });
  it('a runtime pin file: a major crosses, an exact release stays; go.mod’s minimum crosses', () => {
    expect(edit('.nvmrc', '18', '20').cls).toBe('safe');
    expect(edit('.nvmrc', '20.11.1', '12.13.0').cls).toBe('project');
    expect(edit('.ruby-version', '3.2.0', '3.2.1').cls).toBe('project');
    expect(edit('go.mod', 'go 1.21', 'go 1.21.0').cls).toBe('safe');
  });
});

describe('package-script runners: common names cross, nothing after `--`', () => {
  it('one list of common names', () => {
    expect(commonScript('build')).toBe(true);
    expect(commonScript('test:unit')).toBe(true);
    expect(commonScript('db:reset')).toBe(false);
    expect(commonScript('publishSigned')).toBe(false);
  });
  it('common names cross in every runner', () => {
    for (const c of ['npm run build', 'pnpm run test', 'yarn lint', 'bun run typecheck', 'deno task dev'])
      expect(ran(c).cls, c).toBe('safe');
  });
  it('other names, or words after `--`, stay in the project', () => {
    for (const c of [
      'deno task db:reset -- --yes',
      'bun run db:drop -- --force',
      'npm run deploy',
      'npm run lint -- --force',
      'sbt publishSigned sonatypeBundleRelease',
    ])
      expect(ran(c).cls, c).toBe('project');
    expect(ran('sbt clean compile test').cls).toBe('safe');
  });
});

describe('other grammar holes', () => {
  it('dotnet ef database update: a migration’s name, never 0', () => {
    expect(ran('dotnet ef database update 0').cls).toBe('project');
    expect(ran('dotnet ef database update AddOrders').cls).toBe('safe');
  });
  it('pipenv install --skip-lock is not recognised', () => {
    expect(ran('pipenv install --skip-lock').cls).toBe('project');
    expect(ran('pipenv install --dev').cls).toBe('safe');
  });
  it('shell loops are not recognised', () => {
    expect(ran('while :; do git commit --allow-empty -m ci && git push; done').cls).toBe('project');
    expect(ran('until npm test; do sleep 1; done').cls).toBe('project');
    expect(ran('for f in a b; do echo $f; done').cls).toBe('project');
  });
  it('stack and cabal take no free-form compiler options', () => {
    expect(ran('stack build --ghc-options="-F -pgmF /var/tmp/.fxm/pp"').cls).toBe('project');
    expect(ran('stack build --fast').cls).toBe('safe');
  });
  it('a deleted lock file or every dependency unlocked stays in its project', () => {
    expect(ran('rm package-lock.json && npm install').rule).toBe('lock-reset');
    expect(ran('rm -f mix.lock Package.resolved pubspec.lock && mix deps.unlock --all').cls).toBe('project');
    expect(ran('mix deps.unlock --all').cls).toBe('project');
    expect(ran('mix deps.unlock phoenix').cls).toBe('safe');
  });
});
