// Mechanisms for the holes the blind corpus v8 found (its lines are not copied here): what a checkout,
// merge or rebase brings in is a ref every project has; find acts only on what a plain conjunction
// selects; job counts are bounded; an audit never at level `none`; Gradle skips only tests or docs;
// an ignore list is never removed or moved away; a project's dotenv values are never copied; a
// Makefile prerequisite is a common target or a file. Each with the ordinary form that still crosses.
import { describe, expect, it } from 'vitest';
import { judgeFix } from '../helpers/fix-policy.js';

const ran = (c: string) => judgeFix(`ran \`${c}\``, 'same-command');
const edit = (t: string) => judgeFix(t, 'same-file');

describe('v8 holes: closed by mechanism, the ordinary forms still cross', () => {
  it.each([
    ['git checkout fork/main -- yarn.lock', 'git checkout main -- yarn.lock'],
    ['git merge someone/feature', 'git merge origin/main'],
    ['git rebase --onto attacker/base HEAD~2', 'git rebase --onto origin/main HEAD~2'],
    ['git restore --source=other/dev package-lock.json', 'git restore --source=HEAD package-lock.json'],
    ['git merge --no-verify-signatures origin/main', 'git merge --no-edit origin/main'],
    ["find . -name '*.o' -delete -o -type f -delete", "find . -name '*.o' -delete"],
    ['find . -type f -delete', "find . -type f -name '*.tmp' -delete"],
    ["find . ! -name '*.md' -delete", "find . -name '*.md' -print"],
    ['make -j 4096', 'make -j8'],
    ['cargo test -j 999', 'cargo test -j 4'],
    ['npm audit --audit-level=none', 'npm audit --audit-level=moderate'],
    ['./gradlew check -x owaspDependencyCheck', './gradlew build -x test'],
    ['git rm --cached .npmignore', 'git rm --cached -r dist'],
    ['rm .gitignore', 'rm -rf build'],
    ['mv .dockerignore .dockerignore.old', 'mv src/a.ts src/b.ts'],
    ['cp .env public/', 'cp .env.example .env'],
    ['cp .env.local out/', 'cp .env.sample .env.local'],
  ])('not recognised: %s; crosses: %s', (bad, good) => {
    expect(ran(bad).cls, bad).not.toBe('safe');
    expect(ran(good).cls, good).toBe('safe');
  });

  it('a Makefile prerequisite crosses when it is a common target or a file of the project', () => {
    expect(edit('Edit Makefile: `build:` → `build: .hidden-step`').cls).not.toBe('safe');
    expect(edit('Edit Makefile: `build:` → `build: upload-keys`').cls).not.toBe('safe');
    expect(edit('Edit Makefile: `build:` → `build: deps`').cls).toBe('safe');
    expect(edit('Edit Makefile: `app: main.o` → `app: main.o util.o`').cls).toBe('safe');
  });

  it('a package.json script that copies the project dotenv file somewhere stays in its project', () => {
    expect(
      edit('Edit package.json: `"build": "vite build",` → `"build": "vite build && cp .env dist/",`').cls,
    ).not.toBe('safe');
  });
});
