// git: the subcommands a fix uses, with their everyday options. Not here, so kept to the project
// that proved them: `-c`/`--config-env`, `--work-tree`/`--git-dir`, pushes other than to a named
// remote without force or deletion, `config` keys other than a few inert ones, `bisect run`,
// `rebase --exec`, `submodule foreach`, `--output`, `clone`, `remote add`, …
import type { Grammar } from '../grammar.js';

const commit: Grammar = {
  opts: '-m=message --message=message -a --all --amend --no-edit -e --edit -s --signoff -q --quiet -v --verbose --allow-empty --allow-empty-message -F=path --file=path --fixup=ref --squash=ref -C=ref --reuse-message=ref -c=ref --reedit-message=ref --reset-author --no-gpg-sign --dry-run --short --porcelain -u?=name --untracked-files?=name -o --only -i --include --cleanup=name -n=num',
  args: 'path...',
};

/** What log, show and diff print and how: no option here runs a program or writes a file. */
const DIFF =
  '-p --patch -u -s --no-patch --raw --stat?=text --numstat --shortstat --dirstat?=text --summary --name-only --name-status --patch-with-stat --patch-with-raw -U=num --unified=num --diff-filter=name -M?=num --find-renames?=num -C?=num --find-copies?=num --no-renames -B?=num -D --irreversible-delete -R --relative?=path --no-relative -w -b --ignore-all-space --ignore-space-change --ignore-space-at-eol --ignore-blank-lines --ignore-cr-at-eol -W --function-context --minimal --patience --histogram --diff-algorithm=name --anchored=text --word-diff?=name --word-diff-regex=pattern --color-words?=pattern --color?=name --no-color --color-moved?=name --no-color-moved --check --full-index --binary --abbrev?=num --no-prefix --default-prefix --src-prefix=name --dst-prefix=name --line-prefix=text --ita-invisible-in-index --ignore-submodules?=name --submodule?=name -z --no-ext-diff --no-textconv -S=pattern -G=pattern --pickaxe-all --pickaxe-regex -O=path --skip-to=path --rotate-to=path';
const LOG = `${DIFF} --oneline --abbrev-commit --no-abbrev-commit --format=text --pretty?=text --date=name --relative-date --name-only --name-status -m --first-parent --cc --dd --remerge-diff --diff-merges=name --no-diff-merges --encoding=name --expand-tabs?=num --no-expand-tabs --show-linear-break?=name --show-pulls`;

const GIT: Grammar = {
  opts: '--no-pager -C=path -P --paginate --version --no-optional-locks --literal-pathspecs --glob-pathspecs --noglob-pathspecs --icase-pathspecs',
  sub: {
    '': {},
    status: {
      opts: '-s --short -b --branch --porcelain?=name -z -v --verbose --long --show-stash --ahead-behind --no-ahead-behind -u?=name --untracked-files?=name -uno -uall -unormal --ignored?=name --ignore-submodules?=name --renames --no-renames --column?=name --no-column',
      args: 'path...',
    },
    add: {
      opts: '-A --all -u --update -p --patch -N --intent-to-add -v --verbose -n --dry-run --ignore-errors --ignore-removal --no-all --renormalize --chmod=mode',
      args: 'path...',
    },
    rm: { opts: '--cached -r -f -q -n --dry-run --quiet --ignore-unmatch', args: 'rmpath...' },
    mv: { opts: '-f -k -v', args: 'path path... path' },
    commit,
    restore: { opts: '--staged -S --worktree -W --source=gitref -s=gitref -p', args: 'path path...' },
    checkout: {
      opts: '-b=newref -B=newref -t --track -q -f --ours --theirs -p',
      args: 'gitref? path...',
      dashdash: 'path',
    },
    switch: { opts: '-c=newref -C=newref --create=newref -d --detach -t --track -q', args: 'ref?' },
    branch: {
      opts: '-a --all -r --remotes -v -vv --verbose -d=ref -D=ref -m=ref -M=ref -u=ref --set-upstream-to=ref --show-current -l --list --unset-upstream --contains=ref --no-contains=ref --merged?=ref --no-merged?=ref --points-at=ref --sort=text --format=text --column?=name --no-column --color?=name --no-color --abbrev=num --no-abbrev --track?=name --no-track -q --quiet',
      args: 'ref...',
    },
    fetch: {
      opts: '--all -p --prune --tags -t --depth=num --deepen=num --shallow-since=text --unshallow -q -v --quiet --verbose --no-tags --dry-run -f --force --progress --no-progress --recurse-submodules?=name --no-recurse-submodules -j=jobs --jobs=jobs --multiple --atomic --append -a',
      args: 'remote? ref...',
    },
    pull: {
      opts: '--rebase?=name -r --no-rebase --ff --ff-only --no-ff --autostash --no-autostash -q -v --quiet --verbose --tags --depth=num --unshallow --squash --no-edit --stat --no-stat --prune -p --all --recurse-submodules?=name --no-recurse-submodules --allow-unrelated-histories',
      args: 'remote? ref...',
    },
    push: {
      opts: '-u --set-upstream --tags -q -v --quiet --verbose --follow-tags --dry-run -n --porcelain --progress --no-progress --atomic',
      args: 'remote? ref...',
    },
    merge: {
      opts: '--no-ff --ff --ff-only --squash --no-squash --abort --continue --quit -m=message --no-edit --edit -e -X=name --strategy-option=name --no-commit --commit --stat -n --no-stat --log?=num --no-log -q -v --quiet --verbose --autostash --no-autostash --allow-unrelated-histories --no-gpg-sign',
      args: 'gitref...',
    },
    rebase: {
      opts: '-i --interactive --continue --abort --skip --quit --onto=gitref --autostash --no-autostash --autosquash --no-autosquash --keep-base --update-refs --no-update-refs -q -v --quiet --verbose --stat -n --no-stat --root --rebase-merges?=name -r --no-rebase-merges --committer-date-is-author-date --reset-author-date --fork-point --no-fork-point -f --force-rebase --no-ff --empty=name --keep-empty --no-keep-empty --reapply-cherry-picks --no-gpg-sign -X=name --strategy-option=name',
      args: 'gitref...',
    },
    'cherry-pick': {
      opts: '--continue --abort --skip --quit -x -n --no-commit -e --edit --no-edit -m=num --mainline=num --ff --allow-empty --allow-empty-message --keep-redundant-commits -s --signoff -X=name --strategy-option=name',
      args: 'ref...',
    },
    revert: {
      opts: '--no-edit --edit -e --continue --abort --skip --quit -n --no-commit -m=num --mainline=num -s --signoff',
      args: 'ref...',
    },
    reset: {
      opts: '--soft --mixed -q --quiet -N --intent-to-add -p --patch',
      args: 'ref? path...',
      dashdash: 'path',
    },
    stash: {
      opts: '-u --include-untracked -m=message --message=message -q -k --keep-index --no-keep-index -a --all',
      args: '',
      dashdash: 'path',
      sub: {
        '': {},
        push: {
          opts: '-u --include-untracked -m=message --message=message -q --quiet -k --keep-index --no-keep-index -a --all -S --staged -p --patch',
          args: 'path...',
          dashdash: 'path',
        },
        save: { opts: '-u --include-untracked -q -k --keep-index', args: 'message?' },
        pop: { opts: '--index -q --quiet', args: 'ref?' },
        apply: { opts: '--index -q --quiet', args: 'ref?' },
        list: { opts: '--oneline --stat -p --format=text --date=name -n=num' },
        show: {
          opts: '-p --patch --stat --name-only --name-status --include-untracked -u --only-untracked',
          args: 'ref?',
        },
        branch: { args: 'ref ref?' },
      },
    },
    log: {
      opts: `${LOG} -n=num --max-count=num --skip=num -N --graph --all --branches?=pattern --tags?=pattern --remotes?=pattern --decorate?=name --no-decorate --follow --since=text --after=text --until=text --before=text --author=pattern --committer=pattern --grep=pattern -i --regexp-ignore-case --all-match --invert-grep -E --extended-regexp -F --fixed-strings -S=pattern -G=pattern --pickaxe-all --reverse --first-parent --no-merges --merges --min-parents=num --max-parents=num --left-right --cherry-pick --cherry-mark --cherry --ancestry-path --topo-order --date-order --author-date-order --simplify-by-decoration --full-history --walk-reflogs -g --boundary --source --no-walk?=name --mailmap --use-mailmap --log-size --notes?=ref --no-notes`,
      args: 'ref... ',
      dashdash: 'path',
    },
    show: { opts: `${LOG} -q --quiet --decorate?=name --no-decorate`, args: 'ref...', dashdash: 'path' },
    diff: {
      opts: `${DIFF} --cached --staged --merge-base --exit-code --quiet -1 -2 -3 --base --ours --theirs -0`,
      args: 'ref... ',
      dashdash: 'path',
    },
    tag: {
      opts: '-a --annotate -m=message --message=message -d=ref -l --list -n -N --contains=ref --no-contains=ref --merged?=ref --no-merged?=ref --points-at=ref --sort=text --format=text --column?=name --no-column -i --ignore-case --no-sign',
      args: 'ref...',
    },
    init: { opts: '-b=newref --initial-branch=newref -q', args: 'out?' },
    submodule: {
      sub: {
        update: { opts: '--init --recursive --remote -j=jobs --jobs=jobs', args: 'path...' },
        init: { args: 'path...' },
        status: {},
        sync: { opts: '--recursive' },
      },
    },
    lfs: {
      sub: {
        pull: {},
        install: { opts: '--local' },
        fetch: { opts: '--all --recent' },
        checkout: {},
        track: { args: 'text...' },
        ls: {},
        'ls-files': {},
      },
    },
    config: {
      // inert, project-level settings only, set or read; a key not listed is not recognised. Read
      // with --get: the same keys and a remote's URL (no credential helpers or extra headers)
      opts: '--local --get=gitkey --get-all=gitkey -l --list --name-only --show-origin --show-scope -z --null --type=name --bool --int --default=text',
      sub: {
        '': {},
        'user.email': { args: 'text?' },
        'user.name': { args: 'text?' },
        'core.autocrlf': { args: 'name?' },
        'core.filemode': { args: 'name?' },
        'core.ignorecase': { args: 'name?' },
        'core.eol': { args: 'name?' },
        'pull.rebase': { args: 'name?' },
        'pull.ff': { args: 'name?' },
        'push.autoSetupRemote': { args: 'name?' },
        'init.defaultBranch': { args: 'ref?' },
        'merge.ff': { args: 'name?' },
        'rebase.autoStash': { args: 'name?' },
        // transfer limits and timeouts of this repository's fetches and pushes
        'http.postBuffer': { args: 'num?' },
        'http.postbuffer': 'http.postBuffer',
        'http.lowSpeedLimit': { args: 'num?' },
        'http.lowSpeedTime': { args: 'num?' },
        'lfs.activitytimeout': { args: 'num?' },
        'lfs.concurrenttransfers': { args: 'num?' },
        'core.longpaths': { args: 'name?' },
      },
    },
    'ls-remote': {
      opts: '--tags -t --heads -h --branches -b --refs -q --quiet --exit-code --symref --sort=name',
      args: 'remote? pattern...',
    },
    remote: {
      opts: '-v --verbose',
      sub: { '': {}, '-v': {}, show: { args: 'name' }, prune: { args: 'name' }, 'get-url': { args: 'name' } },
    },
    worktree: { sub: { list: {}, prune: {} } },
    'rev-parse': {
      opts: '--show-toplevel --abbrev-ref?=name --short?=num --git-dir --git-common-dir --absolute-git-dir --is-inside-work-tree --is-inside-git-dir --is-bare-repository --is-shallow-repository --show-prefix --show-cdup --show-superproject-working-tree --symbolic --symbolic-full-name --verify -q --quiet --sq --all --branches --tags --remotes --default=ref --abbrev=num --path-format=name --local-env-vars',
      args: 'ref...',
      dashdash: 'path',
    },
    'rev-list': {
      opts: '--count -n=num --max-count=num --skip=num --reverse --all --branches --tags --remotes --first-parent --no-merges --merges --left-right --left-only --right-only --cherry-pick --cherry-mark --ancestry-path --topo-order --date-order --since=text --after=text --until=text --before=text --author=pattern --grep=pattern --objects --abbrev-commit --oneline --parents --children --boundary --max-parents=num --min-parents=num',
      args: 'ref...',
      dashdash: 'path',
    },
    'merge-base': { opts: '--is-ancestor --all -a --fork-point --octopus --independent', args: 'ref ref...' },
    'ls-files': {
      opts: '-m -o -d -c -i -u -s -t -v -z --modified --others --deleted --cached --ignored --unmerged --stage --killed --directory --no-empty-directory --exclude-standard --full-name --error-unmatch --deduplicate --eol --abbrev?=num --recurse-submodules -x=pattern --exclude=pattern --exclude-per-directory=name --format=text',
      args: 'path...',
      dashdash: 'path',
    },
    'ls-tree': {
      opts: '-r -t -d -l -z --long --name-only --name-status --object-only --full-name --full-tree --abbrev?=num --format=text',
      args: 'ref path...',
      dashdash: 'path',
    },
    'cat-file': { opts: '-p -t -s -e', args: 'ref' },
    'check-ignore': {
      opts: '-v --verbose -q --quiet -n --non-matching --no-index',
      args: 'path path...',
      dashdash: 'path',
    },
    'check-attr': { opts: '-a --all --cached', args: 'path...', dashdash: 'path' },
    'for-each-ref': {
      opts: '--format=text --sort=text --count=num --points-at=ref --merged?=ref --no-merged?=ref --contains?=ref --no-contains?=ref --ignore-case --shell --python --perl --tcl',
      args: 'ref...',
    },
    'show-ref': {
      opts: '--heads --tags --head -s --hash?=num --verify -q --quiet --abbrev?=num -d --dereference --branches --exists',
      args: 'ref...',
    },
    'symbolic-ref': { opts: '--short -q --quiet', args: 'ref' },
    'name-rev': { opts: '--name-only --tags --all --always --no-undefined', args: 'ref...' },
    describe: {
      opts: '--tags --all --always --long --abbrev=num --exact-match --candidates=num --first-parent --contains --match=pattern --exclude=pattern --dirty?=name --broken?=name',
      args: 'ref...',
    },
    shortlog: {
      opts: '-s -n -e -c --summary --numbered --email --committer --group=name --no-merges --since=text --until=text',
      args: 'ref...',
      dashdash: 'path',
    },
    cherry: { opts: '-v --abbrev?=num', args: 'ref ref? ref?' },
    'range-diff': {
      opts: '--stat --no-patch -s --creation-factor=num --no-dual-color',
      args: 'ref ref? ref?',
    },
    reflog: {
      sub: {
        '': {
          opts: '-n=num --max-count=num --oneline --date=name --format=text --pretty=text -N',
          args: 'ref?',
        },
        show: {
          opts: '-n=num --max-count=num --oneline --date=name --format=text --pretty=text -N',
          args: 'ref?',
        },
      },
    },
    'count-objects': { opts: '-v -H --verbose --human-readable' },
    'verify-commit': { opts: '-v --raw', args: 'ref...' },
    whatchanged: { opts: `${LOG} -n=num -N`, args: 'ref...', dashdash: 'path' },
    grep: {
      opts: '-n -i -l -L -v -w -c -h -H -E -F -G -P -I -q -z -o -a --line-number --column --ignore-case --files-with-matches --name-only --files-without-match --invert-match --word-regexp --count --no-filename --full-name --extended-regexp --fixed-strings --basic-regexp --perl-regexp --only-matching --quiet --null --text --heading --break --show-function -p --function-context -W --cached --untracked --no-index --recurse-submodules --all-match --max-depth=num -m=num --max-count=num -A=num -B=num -C=num --after-context=num --before-context=num --context=num --color?=name --no-color --threads=num -N',
      args: 'pattern ref...',
      dashdash: 'path',
    },
    blame: {
      opts: '-L=text -w -M?=num -C?=num -s -e -l -t -f -n -p -c --porcelain --line-porcelain --incremental --show-email --show-name --show-number --root --reverse=ref --first-parent --date=name --abbrev=num --ignore-rev=ref --color-lines --color-by-age --since=text',
      args: 'ref? path',
      dashdash: 'path',
    },
    gc: { opts: '--auto -q' },
    'update-index': {
      opts: '--refresh -q --really-refresh --assume-unchanged --no-assume-unchanged --chmod=mode',
      args: 'path...',
    },
  },
};

export const GIT_GRAMMARS: Record<string, Grammar> = { git: GIT };
