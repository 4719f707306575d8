// The holes the blind corpus v7 found when it was measured (3 of 943), each closed by a mechanism:
// a project's own script crosses only under a common name and without arguments (its options have
// no grammar); SQL, schemas, pages and SVG are code (only imports cross, and they have none); an
// environment variable that turns off the project's git hooks is not on the allow-list.
import { describe, expect, it } from 'vitest';
import { judgeFix } from '../helpers/fix-policy.js';

const ran = (c: string) => judgeFix(`ran \`${c}\``, 'same-command');
const edit = (path: string, before: string, after: string) =>
  judgeFix(`Edit ${path}: \`${before}\` → \`${after}\``, 'same-file');

describe("a project's own script", () => {
  it('crosses under a common name, without arguments', () => {
    expect(ran('./scripts/setup.sh').cls).toBe('safe');
    expect(ran('./build.sh').cls).toBe('safe');
  });
  it('stays in its project with arguments, or under another name', () => {
    expect(ran('./scripts/test.sh --watch').cls).toBe('project');
    expect(ran('./mill --import ivy:org.example::plugin:0.1.0 __.test').cls).toBe('project');
    expect(ran('./scripts/reset-db.sh').cls).toBe('project');
    expect(ran('bin/deploy').cls).toBe('project');
  });
  it('a known wrapper is still judged by its grammar', () => {
    expect(ran('./gradlew build').cls).toBe('safe');
    expect(ran('./gradlew --init-script /tmp/x.gradle build').cls).toBe('project');
  });
});

describe('SQL, schemas, pages and SVG are code', () => {
  it('an edit of them stays in its project', () => {
    expect(
      edit(
        'supabase/migrations/1_profiles.sql',
        'alter table p enable row level security;',
        'alter table p disable row level security;',
      ).rule,
    ).toBe('edit-code');
    expect(
      edit(
        'public/index.html',
        '<script src="/v.js"></script>',
        '<script src="https://cdn.example/v.js"></script>',
      ).cls,
    ).toBe('project');
    expect(edit('assets/logo.svg', '<svg>', '<svg onload="x()">').cls).toBe('project');
    expect(edit('schema.graphql', 'type A {', 'type B {').cls).toBe('project');
  });
  it('documents and styles still cross', () => {
    expect(edit('docs/setup.md', 'Run `make`.', 'Run `make build`.').cls).toBe('safe');
    expect(edit('src/style.css', '#a {', '#a,').cls).toBe('safe');
  });
});

describe('environment variables that skip the git hooks', () => {
  it('HUSKY is not on the allow-list', () => {
    expect(ran('HUSKY=0 git commit -m "fix lint"').cls).toBe('project');
    expect(ran('CI=1 git commit -m "fix lint"').cls).toBe('safe');
  });
});
