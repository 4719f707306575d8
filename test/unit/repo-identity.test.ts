// common/repository.ts without git (test/integration/project-identity.test.ts uses real git): the
// config reader, identities stored by earlier versions, and how repositories are counted.
import { describe, expect, it } from 'vitest';
import { configValue, countRepositories, parseIdentity } from '../../src/common/repository.js';

describe('the origin URL from a git config', () => {
  it('reads the last value of [remote "origin"] url, quoted or commented, in either header form', () => {
    const cfg = [
      '[core]',
      '\turl = not-this',
      '[remote "upstream"]',
      '\turl = git@github.com:other/x.git',
      '[Remote "origin"]',
      '\tURL=git@github.com:org/first.git',
      '\turl = "git@github.com:org/app.git" ; a comment',
      '\tfetch = +refs/heads/*:refs/remotes/origin/*',
    ].join('\n');
    expect(configValue(cfg, 'remote', 'origin', 'url')).toBe('git@github.com:org/app.git');
    expect(configValue('[remote.origin]\nurl = https://h/o/r # c\n', 'remote', 'origin', 'url')).toBe(
      'https://h/o/r',
    );
    expect(configValue('[remote "Origin"]\nurl = x\n', 'remote', 'origin', 'url')).toBeNull(); // subsection is exact
    expect(configValue('[core]\n\tworktree = ../../../sub\n', 'core', null, 'worktree')).toBe('../../../sub');
  });
});

describe('stored identities and counting', () => {
  it('reads rows of earlier versions: a remote was a claim, a git folder or a path their own key', () => {
    expect(parseIdentity('remote:github.com/org/app', '/w/a')).toEqual({
      own: 'path:/w/a',
      claims: ['remote:github.com/org/app'],
    });
    expect(parseIdentity('git:/w/a', '/w/a')).toEqual({ own: 'git:/w/a', claims: [] });
    expect(parseIdentity(null, '/w/a')).toEqual({ own: 'path:/w/a', claims: [] });
    expect(parseIdentity('git:/w/a\nremote:h/o/r', '/w/a/sub')).toEqual({
      own: 'git:/w/a',
      claims: ['remote:h/o/r'],
    });
  });

  it('any shared key makes one repository, transitively', () => {
    const a = { own: 'git:/w/a', claims: ['remote:h/o/app'] };
    const aSub = { own: 'git:/w/a', claims: [] };
    const clone = { own: 'git:/w/clone', claims: ['remote:h/o/app'] };
    const cloneRenamed = { own: 'git:/w/clone', claims: ['remote:h/o/fork'] };
    const fork = { own: 'git:/w/fork', claims: ['remote:h/o/fork'] };
    const other = { own: 'git:/w/other', claims: ['remote:h/o/other'] };
    expect(countRepositories([a, aSub])).toBe(1);
    expect(countRepositories([a, clone, cloneRenamed, fork])).toBe(1);
    expect(countRepositories([a, other])).toBe(2);
    expect(countRepositories([])).toBe(0);
  });
});
