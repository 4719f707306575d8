// Grammars of the shell's own commands and the small utilities fixes use: files, text, inspection,
// and the wrappers that run another command (judged through the command they run).
import type { Grammar } from '../grammar.js';

const none: Grammar = {};

/** Builtins and utilities that only print or set the shell's own state. */
export const SHELL_GRAMMARS: Record<string, Grammar> = {
  true: none,
  false: none,
  ':': none,
  pwd: { opts: '-L -P' },
  // echo prints any word that is not one of its options (`echo ---`)
  echo: { opts: '-n -e -E', args: 'text...', loose: 'text' },
  // printf: no option (`-v NAME` would set a shell variable)
  printf: { args: 'text...' },
  seq: { opts: '-w -s=text', args: 'num num? num?' },
  test: { args: 'text...', loose: 'text' },
  '[': { args: 'text...', loose: 'text' },
  sleep: { args: 'num...' },
  wait: { args: 'num...' },
  exit: { args: 'num?' },
  cd: { opts: '-L -P', args: 'path?' },
  pushd: { args: 'path?' },
  popd: none,
  hash: { opts: '-r' },
  set: { opts: '-e -u -x -o=name +e +u +x +o=name', args: 'name...' },
  shopt: { opts: '-s -u', args: 'name...' },
  unset: { opts: '-v', args: 'name...' },
  export: { args: 'assign...' },
  which: { opts: '-a', args: 'name...' },
  type: { opts: '-a -t -p', args: 'name...' },
  whoami: none,
  id: { opts: '-u -g -n' },
  uname: { opts: '-a -s -r -m -n -v -p -o' },
  date: {
    opts: '-u -I?=name -R --iso-8601?=name --rfc-3339=name -d=text --date=text -r=path --reference=path',
    args: 'format?',
  },
  env: none,
  nproc: none,
  df: { opts: '-h -k -T', args: 'path...' },
  du: { opts: '-h -s -d=num -c -a --max-depth=num', args: 'path...' },
  free: { opts: '-h -m -g' },
  // files: read, list, write inside the project
  // ls: every option only changes what is listed and how (GNU and BSD ls)
  ls: {
    opts: '-1 -a -A -b -B -c -C -d -f -F -g -G -h -H -i -k -l -L -m -n -N -o -p -q -Q -r -R -s -S -t -T -u -U -v -x -X -Z --all --almost-all --human-readable --recursive --reverse --size --classify --directory --inode --literal --numeric-uid-gid --dereference --color?=name --colour?=name --group-directories-first --full-time --time-style=name --sort=name --time=name -I=pattern --ignore=pattern -w=num --width=num --indicator-style=name --quoting-style=name --block-size=name',
    args: 'path...',
  },
  cat: {
    opts: '-n -A -b -e -E -s -t -T -u -v --number --number-nonblank --show-all --squeeze-blank',
    args: 'path...',
  },
  head: { opts: '-n=num -c=num -q -v -z --lines=num --bytes=num --quiet --verbose -N', args: 'path...' },
  tail: {
    opts: '-n=num -c=num -f -F -q -v -z -r --lines=num --bytes=num --follow?=name --retry --quiet --verbose -s=num --sleep-interval=num --pid=num -N',
    args: 'path...',
  },
  less: { args: 'path...' },
  wc: { opts: '-l -w -c -m -L --lines --words --bytes --chars --max-line-length', args: 'path...' },
  file: { opts: '-b -i', args: 'path...' },
  stat: { opts: '-L -t -f --dereference --terse --file-system -c=text --format=text', args: 'path...' },
  tree: { opts: '-L=num -a -d -I=text', args: 'path...' },
  realpath: { opts: '-e -m -s -q --relative-to=path', args: 'path...' },
  readlink: { opts: '-f', args: 'path...' },
  basename: { args: 'text...' },
  dirname: { args: 'text...' },
  diff: {
    opts: '-u -U=num -c -C=num -r -q -N -w -b -B -i -a -s -y -t -T -p --unified?=num --recursive --brief --new-file --ignore-all-space --ignore-space-change --ignore-blank-lines --ignore-case --ignore-trailing-space --strip-trailing-cr --side-by-side --report-identical-files --text --expand-tabs --show-c-function --minimal -x=pattern --exclude=pattern --label=text -W=num --width=num --color?=name',
    args: 'path...',
  },
  cmp: { opts: '-s -l -b -n=num --silent --quiet --verbose --print-bytes', args: 'path...' },
  // grep: the options of GNU and BSD grep that choose what is matched and shown. Not here: -e/-f
  // (a pattern given by an option makes the first operand a file, which this grammar would judge
  // as the pattern), --exclude-from, --line-buffered, -D/-d (devices, directories).
  grep: {
    opts: '-r -R -n -i -l -L -v -w -x -c -E -F -G -P -o -q -s -H -h -I -a -b -z -Z -T -U --recursive --dereference-recursive --line-number --ignore-case --no-ignore-case --files-with-matches --files-without-match --invert-match --word-regexp --line-regexp --count --extended-regexp --fixed-strings --basic-regexp --perl-regexp --only-matching --quiet --silent --no-messages --with-filename --no-filename --text --byte-offset --null --null-data --initial-tab --binary-files=name -A=num -B=num -C=num -m=num --after-context=num --before-context=num --context=num --max-count=num --include=pattern --exclude=pattern --exclude-dir=pattern --label=text --group-separator=text --no-group-separator --color?=name --colour?=name -N',
    args: 'pattern path...',
  },
  // rg: not here: --pre (runs a program on every file), -e/-f, --ignore-file, -z (runs decompressors)
  rg: {
    opts: '-n -N -i -l -w -x -v -c -o -F -S -s -u -uu -uuu -L -H -I -P -U -t=name -T=name -g=pattern -m=num -M=num -A=num -B=num -C=num --hidden --no-ignore --no-ignore-vcs --follow --files --files-with-matches --files-without-match --count --count-matches --only-matching --fixed-strings --smart-case --case-sensitive --ignore-case --word-regexp --line-regexp --invert-match --line-number --no-line-number --no-filename --with-filename --no-heading --heading --vimgrep --json --stats --multiline --pcre2 --sort=name --sortr=name --max-count=num --max-depth=num --max-columns=num --context=num --after-context=num --before-context=num --glob=pattern --iglob=pattern --type=name --type-not=name --type-list --color=name --colors=text --trim -q --quiet',
    args: 'pattern path...',
  },
  sort: {
    opts: '-u -n -r -f -b -d -g -M -R -s -c -z -V -h -k=text -t=text -o=write --unique --numeric-sort --reverse --ignore-case --human-numeric-sort --version-sort --stable --key=text --field-separator=text',
    args: 'path...',
  },
  uniq: {
    opts: '-c -d -u -i -D -z -f=num -s=num -w=num --count --repeated --unique --ignore-case',
    args: 'path...',
  },
  cut: {
    opts: '-d=text -f=text -c=text -b=text -s --complement --delimiter=text --fields=text --characters=text --bytes=text --only-delimited',
    args: 'path...',
  },
  tr: { opts: '-d -s -c', args: 'text text?' },
  // jq: not here: --arg/--argjson (two values), --rawfile/--slurpfile (read any path), -L (modules)
  jq: {
    opts: '-r -c -e -s -n -S -j -a -M -C -R --raw-output --compact-output --exit-status --slurp --null-input --sort-keys --join-output --ascii-output --monochrome-output --color-output --raw-input --tab --indent=num',
    args: 'jq path...',
  },
  od: {
    opts: '-a -b -c -d -o -x -v -A=name -t=name -N=num -j=jobs -w=num --address-radix=name --format=name --read-bytes=num --skip-bytes=num',
    args: 'path...',
  },
  // xxd without -r (which writes binary) and with no output operand
  xxd: { opts: '-p -u -e -i -b -l=num -s=num -c=num -g=num -ps -plain', args: 'path?' },
  hexdump: { opts: '-C -c -b -d -o -x -v -n=num -s=num', args: 'path...' },
  // pgrep only lists processes (pkill, which signals them, has no grammar)
  pgrep: {
    opts: '-f -l -a -x -i -n -o -c -u=name -P=num --full --list-name --list-full --exact --newest --oldest --count',
    args: 'pattern',
  },
  mkdir: { opts: '-p -v -m=num', args: 'out...' },
  touch: { args: 'out...' },
  rm: { opts: '-r -R -f -rf -fr -Rf -v -i -d --recursive --force', args: 'rmpath...' },
  rmdir: { opts: '-p', args: 'path...' },
  unlink: { args: 'path' },
  chmod: { opts: '-R -v', args: 'mode path path...' },
  tee: { opts: '-a', args: 'write...' },
  tar: { opts: '-x -c -t -z -j -J -v -f=out -C=out --strip-components=num', args: 'path...' },
  unzip: { opts: '-o -q -d=out -l -p -v -t -n', args: 'path path...' },
  zip: { opts: '-r -q', args: 'out path...' },
  gzip: { opts: '-d -k -f', args: 'path...' },
  gunzip: { opts: '-k -f', args: 'path...' },
  patch: { opts: '-p0 -p1 -N -R --dry-run', args: 'path?' },
  // in place, keeping the file's date (-k) or its mode (-o: the old-file mode, no new file)
  dos2unix: { opts: '-k --keepdate -o --oldfile -q --quiet', args: 'path...' },
  kill: { opts: '-9 -15 -2 -TERM -KILL -INT -HUP -s=name', args: 'num num...' },
  // curl of this machine's own servers only: a check that a dev server answers; GET, output shown or discarded
  curl: {
    opts: '-s -S -f -L -I -i -v --silent --show-error --fail --fail-with-body --location --head --include --verbose --compressed -o=write --output=write -w=text --write-out=text -m=num --max-time=num --connect-timeout=num --retry=num --retry-delay=num',
    args: 'url url...',
  },
  lsof: { opts: '-i=text -t -n -P', args: 'path...' },
  // ps: processes and their commands; not the BSD `e` forms, which print every process's environment
  ps: {
    opts: '-e -f -F -A -a -x -l -j -H -w -ww -u=name -U=name -p=num -C=name -o=name --sort=name --forest --no-headers',
    sub: { '': {}, aux: {}, ax: {}, axu: {}, auxf: {}, auxww: {}, axjf: {} },
  },
  top: { opts: '-b -n=num -o=name -l=num -s=num -stats=name -c -H -p=num' },
  uptime: { opts: '-p -s' },
  hostname: { opts: '-s -f -i -I' },
  groups: none,
  locale: { opts: '-a' },
  lsb_release: { opts: '-a -d -r -c -i -s' },
  sw_vers: { opts: '-productName -productVersion -buildVersion' },
  // checksums, and reading text in other shapes
  md5sum: { opts: '-b -t --tag', args: 'path...' },
  sha1sum: { opts: '-b -t --tag', args: 'path...' },
  sha256sum: { opts: '-b -t --tag', args: 'path...' },
  sha512sum: { opts: '-b -t --tag', args: 'path...' },
  shasum: { opts: '-a=num -b -t --tag', args: 'path...' },
  cksum: { args: 'path...' },
  nl: { opts: '-b=name -ba -n=name -w=num -s=text', args: 'path...' },
  column: { opts: '-t -s=text -o=text -c=num -n', args: 'path...' },
  tac: { args: 'path...' },
  paste: { opts: '-s -d=text', args: 'path...' },
  comm: { opts: '-1 -2 -3 -12 -13 -23 -i --check-order --nocheck-order', args: 'path path' },
  fold: { opts: '-w=num -s -b', args: 'path...' },
  expand: { opts: '-t=num', args: 'path...' },
  strings: { opts: '-n=num -a -t=name', args: 'path path...' },
  nm: { opts: '-C -D -g -u -a -n -S --defined-only --demangle --dynamic', args: 'path path...' },
  otool: { opts: '-L -l -h -D', args: 'path path...' },
  readelf: {
    opts: '-a -h -l -S -s -d -r -n -V --all --headers --symbols --dynamic --notes',
    args: 'path path...',
  },
  objdump: {
    opts: '-d -D -h -x -t -T -r -R -C -f -p -S --disassemble --headers --syms --demangle',
    args: 'path path...',
  },
  // sockets and limits of this machine
  ss: { opts: '-l -t -u -n -p -a -x -4 -6 -s -lt -ltn -ltnp -tlnp -tulpn -ltup -tunlp -plnt -anp' },
  netstat: { opts: '-a -n -t -u -l -p -r -v -an -anp -tlnp -tulpn -ltnp -lntp -plnt -rn -anv -i' },
  ulimit: { opts: '-a -n=num -s=num -u=num -f=num -S -H', args: 'num?' },
  deactivate: none,
  // wrappers: their own options, then the command they run (judged as a command)
  time: { opts: '-p', args: 'cmd' },
  nohup: { args: 'cmd' },
  nice: { opts: '-n=num', args: 'cmd' },
  timeout: { opts: '-s=name -k=num --preserve-status', args: 'num cmd' },
  // command -v / -V only look names up (gate.ts); otherwise it runs the command
  exec: { args: 'cmd' },
  xargs: { opts: '-0 -r -t -n=num -P=num -I=name -L=num', args: 'cmd', computed: true },
  // sudo: only around a system package manager (gate.ts)
  sudo: { opts: '-H -n', args: 'cmd' },
  watch: { opts: '-n=num -d', args: 'cmd' },
};
