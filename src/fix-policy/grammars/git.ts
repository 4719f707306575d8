// git: the subcommands a fix uses, with their everyday options. Not here, so kept to the project
// that proved them: `-c`/`--config-env`, `--work-tree`/`--git-dir`, pushes other than to a named
// remote without force or deletion, `config` keys other than a few inert ones, `bisect run`,
// `rebase --exec`, `submodule foreach`, `--output`, `clone`, `remote add`, …
import type { Grammar } from '../grammar.js';

const commit: Grammar = {
  opts: '-m=text --message=text -a --all --amend --no-edit -s --signoff -q -v --allow-empty -F=path --fixup=ref',
  args: 'path...',
};

const GIT: Grammar = {
  opts: '--no-pager -C=path -P --version',
  sub: {
    status: { opts: '-s --short -b --branch --porcelain -u -uno --ignored', args: 'path...' },
    add: { opts: '-A --all -u --update -p -N -v', args: 'path...' },
    rm: { opts: '--cached -r -f -q', args: 'path...' },
    mv: { opts: '-f -k -v', args: 'path path... path' },
    commit,
    restore: { opts: '--staged -S --worktree -W --source=ref -s=ref -p', args: 'path path...' },
    checkout: {
      opts: '-b=ref -B=ref -t --track -q -f --ours --theirs -p',
      args: 'ref? path...',
      dashdash: 'path',
    },
    switch: { opts: '-c=ref -C=ref --create=ref -d --detach -t --track -q', args: 'ref?' },
    branch: {
      opts: '-a -r -v -vv -d=ref -D=ref -m=ref -M=ref -u=ref --set-upstream-to=ref --show-current -l --list --unset-upstream --contains=ref',
      args: 'ref...',
    },
    fetch: {
      opts: '--all -p --prune --tags -t --depth=num --unshallow -q -v --no-tags',
      args: 'name? ref...',
    },
    pull: {
      opts: '--rebase -r --no-rebase --ff-only --no-ff --autostash -q -v --tags --depth=num',
      args: 'name? ref...',
    },
    push: { opts: '-u --set-upstream --tags -q -v --follow-tags', args: 'name? ref...' },
    merge: {
      opts: '--no-ff --ff-only --squash --abort --continue -m=text --no-edit -X=name --strategy-option=name',
      args: 'ref...',
    },
    rebase: { opts: '-i --continue --abort --skip --onto=ref --autostash --autosquash', args: 'ref...' },
    'cherry-pick': { opts: '--continue --abort --skip -x -n --no-commit -m=num', args: 'ref...' },
    revert: { opts: '--no-edit --continue --abort -n --no-commit -m=num', args: 'ref...' },
    reset: { opts: '--soft --mixed -q', args: 'ref? path...', dashdash: 'path' },
    stash: {
      opts: '-u --include-untracked -m=text -q',
      args: '',
      sub: {
        '': {},
        push: { opts: '-u --include-untracked -m=text -q', args: 'path...' },
        pop: { opts: '--index -q', args: 'ref?' },
        apply: { opts: '--index -q', args: 'ref?' },
        list: {},
        show: { opts: '-p', args: 'ref?' },
      },
    },
    log: {
      opts: '--oneline -n=num -N -p --stat --graph --all --decorate --follow --format=text --pretty=text --since=text --until=text --author=text --grep=text',
      args: 'ref... ',
      dashdash: 'path',
    },
    show: { opts: '--stat -p --name-only --oneline --format=text', args: 'ref...' },
    diff: {
      opts: '--cached --staged --stat --name-only --name-status -w --check --color?=name',
      args: 'ref... ',
      dashdash: 'path',
    },
    tag: { opts: '-a -m=text -d=ref -l --list -n', args: 'ref...' },
    init: { opts: '-b=ref --initial-branch=ref -q', args: 'out?' },
    submodule: {
      sub: {
        update: { opts: '--init --recursive --remote', args: 'path...' },
        init: { args: 'path...' },
        status: {},
        sync: { opts: '--recursive' },
      },
    },
    lfs: {
      sub: {
        pull: {},
        install: { opts: '--local' },
        fetch: {},
        checkout: {},
        track: { args: 'text...' },
        ls: {},
        'ls-files': {},
      },
    },
    config: {
      // inert, project-level settings only; a key not listed is not recognised
      sub: {
        'user.email': { args: 'text' },
        'user.name': { args: 'text' },
        'core.autocrlf': { args: 'name' },
        'core.filemode': { args: 'name' },
        'core.ignorecase': { args: 'name' },
        'core.eol': { args: 'name' },
        'pull.rebase': { args: 'name' },
        'pull.ff': { args: 'name' },
        'push.autoSetupRemote': { args: 'name' },
        'init.defaultBranch': { args: 'ref' },
        'merge.ff': { args: 'name' },
        'rebase.autoStash': { args: 'name' },
        '--get': { args: 'name' },
        '--list': {},
        '-l': {},
      },
    },
    remote: {
      opts: '-v',
      sub: { '': {}, '-v': {}, show: { args: 'name' }, prune: { args: 'name' }, 'get-url': { args: 'name' } },
    },
    worktree: { sub: { list: {}, prune: {} } },
    'rev-parse': {
      opts: '--show-toplevel --abbrev-ref --short --git-dir --is-inside-work-tree',
      args: 'ref...',
    },
    'ls-files': { opts: '-m -o -d --others --exclude-standard -s', args: 'path...' },
    blame: { opts: '-L=text', args: 'path' },
    gc: { opts: '--auto -q' },
    'update-index': {
      opts: '--refresh -q --really-refresh --assume-unchanged --no-assume-unchanged --chmod=mode',
      args: 'path...',
    },
  },
};

export const GIT_GRAMMARS: Record<string, Grammar> = { git: GIT };
