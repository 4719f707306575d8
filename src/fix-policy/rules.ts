// The fix policy's rule table: every reason a fix is withheld, or kept to the project that proved
// it, is one row here (id, class, effect, what, why, test). The judges name a rule by its `why`
// text (typed: a text not in this table does not compile); the verdict stores the rule's id;
// `docs/fix-policy-rules.md` is rendered from this table (scripts/gen-policy-rules.mjs) and
// `kb show` cites the id. The default is to refuse: a fix crosses projects only when the grammar
// gate (grammar.ts, grammars/) recognises every word, so deny rows are the known-dangerous cases
// withheld even in the project that proved them; they shrink as the grammars grow.

export type Effect = 'withhold' | 'project';

export interface RuleDef {
  id: string;
  /** The class of danger (as the adversarial corpus names them). */
  class: string;
  /** withhold: never offered; project: offered only in the project that proved it. */
  effect: Effect;
  /** What it catches. */
  what: string;
  /** The reason shown with the verdict. */
  why: string;
  /** The test that proves it (file). */
  test: string;
}

const T_POLICY = 'test/unit/kb-safety-shell.test.ts';
const T_GRAMMAR = 'test/unit/fix-policy-grammar.test.ts';
const T_EXAMPLES = 'test/unit/fix-policy-examples.test.ts';

export const RULES = [
  // ---- the default: allow by grammar ----
  {
    id: 'grammar',
    class: 'allow-list',
    effect: 'project',
    what: 'a program, subcommand, option or operand that no grammar recognises; a package name off the known names; an exact release of a package',
    why: 'has words the policy does not recognise',
    test: T_GRAMMAR,
  },
  {
    id: 'env-allow-list',
    class: 'environment',
    effect: 'project',
    what: 'an environment variable that is not on the allow-list (NAME=value before a command, export)',
    why: 'sets an environment variable the policy does not know',
    test: T_GRAMMAR,
  },
  {
    id: 'config-write',
    class: 'persistence',
    effect: 'project',
    what: 'a write (shell, Edit, Write) into a file that runs code or configures a tool: hidden files (.git/, .claude/, .vscode/, .npmrc, .envrc…), .pth, Makefile, package.json…',
    why: 'writes a file that runs code or configures a tool',
    test: T_EXAMPLES,
  },
  {
    id: 'runs-written',
    class: 'obfuscation',
    effect: 'project',
    what: 'a fix that writes a file and runs code in the same fix (it may run what it wrote)',
    why: 'writes a file and runs code in the same fix',
    test: T_EXAMPLES,
  },
  {
    id: 'edit-file-kind',
    class: 'persistence',
    effect: 'project',
    what: 'an Edit/Write of a file that is not source code, a page, a style, a document or plain data (by its extension: lock files, properties, YAML/TOML/INI/XML configuration, files without an extension, service loaders…)',
    why: 'edits a kind of file that is not source, document or data',
    test: T_EXAMPLES,
  },
  {
    id: 'edit-imports',
    class: 'code-running edits',
    effect: 'project',
    what: "an edit of Python or JavaScript code that imports a module that is not the language's own, not a widely used package and not already imported there",
    why: 'the edit imports a module that is not known',
    test: T_EXAMPLES,
  },
  {
    id: 'edit-outside-path',
    class: 'code-running edits',
    effect: 'project',
    what: 'an edit whose new text names a path outside the project (a file-system root, the home folder): a plugin, a script or a library loaded from there',
    why: 'the edit names a path outside the project',
    test: T_EXAMPLES,
  },
  {
    id: 'edit-new-names',
    class: 'code-running edits',
    effect: 'project',
    what: 'an edit of source code that brings in names its old line did not have (calls, variables, types): code has no grammar, so only changes of values cross',
    why: 'the edit adds names to code',
    test: T_EXAMPLES,
  },
  {
    id: 'names-agent',
    class: 'prompt injection',
    effect: 'project',
    what: 'a fix whose words name an AI agent (claude, ai, agent, assistant, llm…), also inside a file or branch name where `_ - . /` join them',
    why: 'the fix names an AI agent',
    test: T_EXAMPLES,
  },
  {
    id: 'edit-runs-code',
    class: 'code-running edits',
    effect: 'project',
    what: 'an edit whose new text runs programs, loads code or reaches the network',
    why: 'the edit adds code that runs programs, loads code or reaches the network',
    test: T_EXAMPLES,
  },
  {
    id: 'user-text',
    class: 'allow-list',
    effect: 'project',
    what: 'a fix typed by the user in prose: offered in the project where it was typed',
    why: 'typed by the user in prose',
    test: T_GRAMMAR,
  },
  // ---- the text itself ----
  row(
    'text-model',
    'instructions',
    'text addressed to the model or the user',
    'the text addresses the model or the user',
  ),
  row(
    'text-hidden',
    'obfuscation',
    'control, bidi or zero-width characters',
    'the text carries hidden or control characters',
  ),
  row('secret', 'credentials', 'a secret in the fix text', 'carries a secret'),
  row('too-long', 'allow-list', 'a fix longer than can be shown whole', 'too long to offer verbatim'),
  row('cut', 'allow-list', 'a command recorded cut short', 'the command was cut short when it was recorded'),
  row(
    'unparsed',
    'allow-list',
    'text that does not parse as shell',
    'the text does not parse as a shell command',
  ),
  row('nested', 'obfuscation', 'shell code nested more than 4 levels', 'shell code nested too deeply'),
  row(
    'form',
    'allow-list',
    'fix text not in a form resolution detection writes',
    'the fix text is not in a form the policy recognises',
  ),
  row('function', 'obfuscation', 'a shell function definition', 'it defines a shell function'),
  row('judge-failed', 'allow-list', 'the policy threw on the text', 'the policy could not judge it'),
  // ---- running code that is not the project's ----
  row(
    'fetch-run',
    'download-and-run',
    'something downloaded and something run in one fix',
    'runs downloaded content',
  ),
  row('url-code', 'download-and-run', 'code loaded from a URL', 'runs code from a URL'),
  row(
    'inline-code',
    'arbitrary code',
    'code given inline to an interpreter or tool (-c, -e, --eval)',
    'runs code given inline',
  ),
  row(
    'inline-code-flag',
    'arbitrary code',
    'an interpreter run with -c / -e',
    'runs code given inline (-c, -e)',
  ),
  row(
    'inline-shell',
    'arbitrary code',
    'shell code given inline to a package runner',
    'runs shell code given inline',
  ),
  row(
    'piped-shell',
    'download-and-run',
    'a shell reading its script from a pipe or inline text',
    'runs piped or inline text as a shell script',
  ),
  row(
    'piped-code',
    'download-and-run',
    'an interpreter reading code from a pipe or inline text',
    'runs piped or inline code in an interpreter',
  ),
  row(
    'computed-shell',
    'obfuscation',
    'shell code computed at run time',
    'runs shell code computed at run time',
  ),
  row(
    'computed-script',
    'obfuscation',
    'a script computed or fetched at run time',
    'runs fetched or computed content as a shell script',
  ),
  row(
    'computed-code',
    'obfuscation',
    'interpreter code computed or fetched at run time',
    'runs fetched or computed content in an interpreter',
  ),
  row(
    'computed-program',
    'obfuscation',
    'a program name computed at run time',
    'runs a program whose name is computed at run time',
  ),
  row(
    'outside-program',
    'writes outside the project',
    'a program run from outside the project',
    'runs a program from outside the project',
  ),
  row(
    'outside-script',
    'writes outside the project',
    'a script run from outside the project',
    'runs a script from outside the project',
  ),
  row('one-string', 'toolchain wrappers', 'env -S / --split-string', 'runs a command given as one string'),
  row('root-shell', 'privilege', 'sudo -s / -i', 'starts a root shell'),
  row(
    'awk-system',
    'arbitrary code',
    'awk programs that run commands or write files',
    'runs commands or writes files from an awk program',
  ),
  row('archive-command', 'arbitrary code', 'an archive tool told to run a command', 'runs a command'),
  row('eval', 'obfuscation', 'eval, iex, Invoke-Expression', 'evaluates code computed at run time'),
  row('alias', 'persistence', 'a shell alias', 'defines a command alias'),
  row('trap', 'persistence', 'a signal trap', 'runs code on a signal'),
  row('source-stdin', 'download-and-run', 'source of standard input', 'sources standard input'),
  row(
    'source-computed',
    'download-and-run',
    'source of fetched or computed content',
    'sources fetched or computed content',
  ),
  row(
    'source-outside',
    'writes outside the project',
    'source of a file outside the project',
    'sources a file from outside the project',
  ),
  row('define-function', 'obfuscation', 'declare -f / export -f', 'defines a shell function'),
  // ---- environment ----
  row('env-tls', 'environment', 'TLS checks turned off by a variable or option', 'turns off TLS checks'),
  row(
    'env-program',
    'environment',
    'a variable naming a program others run (LD_PRELOAD, GIT_SSH_COMMAND, EDITOR…)',
    'sets a program that other commands run',
  ),
  row('env-node-options', 'environment', 'NODE_OPTIONS that load code', 'loads code into every Node process'),
  row(
    'env-path',
    'environment',
    'a PATH entry outside the project',
    'puts a folder outside the project on the PATH',
  ),
  // ---- package sources ----
  row('registry', 'package sources', 'another registry or index', 'installs from another registry'),
  row(
    'registry-url',
    'package sources',
    'a registry, URL or git ref as an install flag',
    'installs from another registry, a URL or a git ref',
  ),
  row(
    'not-by-name',
    'package sources',
    'a URL, git ref or file instead of a package name',
    'installs from a URL, a git ref or a file instead of the registry by name',
  ),
  row(
    'not-by-name-outside',
    'package sources',
    'a URL, git ref or file outside the project',
    'installs from a URL, a git ref or a file outside the project',
  ),
  row(
    'install-outside',
    'package sources',
    'a folder outside the project',
    'installs from a folder outside the project',
  ),
  row(
    'install-computed',
    'package sources',
    'a package name computed at run time',
    'installs a package whose name is computed at run time',
  ),
  row(
    'registry-config',
    'package sources',
    'registry, credential or TLS settings changed',
    'changes the registry, credentials or TLS settings',
  ),
  row(
    'unsigned',
    'package sources',
    'package signature checks turned off',
    'turns off package signature checks',
  ),
  row(
    'publish',
    'publishing',
    'publishing or registry account changes',
    'publishes, or changes registry accounts or tokens',
  ),
  // ---- credentials and exfiltration ----
  row(
    'credentials',
    'credentials',
    'a credential store or private key named or read',
    'reads a credential store',
  ),
  row('upload', 'exfiltration', 'a local file sent with an HTTP client', 'uploads a local file'),
  row(
    'remote-copy',
    'exfiltration',
    'scp, ssh, nc, rclone…',
    'sends local files to another machine, or runs commands there',
  ),
  row(
    'remote-send',
    'exfiltration',
    'git send-email, archive --remote, rsync to a host',
    'sends local files to another machine',
  ),
  row(
    'cloud-copy',
    'exfiltration',
    'cloud copies and token reads',
    'sends local files to another machine or reads credentials',
  ),
  // ---- destructive ----
  row('drops-data', 'destructive', 'SQL that drops or empties tables; Redis flushes', 'drops data'),
  row('delete-outside', 'destructive', 'a delete outside the project', 'deletes files outside the project'),
  row('delete-computed', 'destructive', 'a delete of computed paths', 'deletes paths computed at run time'),
  row(
    'delete-recursive',
    'destructive',
    'rm -r of more than build output',
    'deletes files recursively (rm -r of more than build output)',
  ),
  row(
    'reset-hard',
    'git abuse',
    'git reset --hard/--merge/--keep',
    'discards uncommitted work (git reset --hard)',
  ),
  row('discard', 'git abuse', 'git checkout/restore of everything', 'discards uncommitted work'),
  row('git-clean', 'git abuse', 'git clean', 'deletes untracked files (git clean)'),
  row('stash-drop', 'git abuse', 'git stash drop/clear', 'deletes stashed work'),
  row('rewrite-history', 'git abuse', 'filter-branch, filter-repo, replace', 'rewrites history'),
  row('prune', 'git abuse', 'reflog expire, gc --prune=now, prune', 'deletes unreachable commits'),
  row(
    'force-push',
    'git abuse',
    'force, mirror, delete or prune pushes',
    'force-pushes or deletes remote branches',
  ),
  row(
    'git-config-command',
    'git abuse',
    'git settings that run commands or hold credentials',
    'sets a command git runs or a credential setting',
  ),
  row(
    'config-outside',
    'writes outside the project',
    'git config --global/--system/--file',
    'changes configuration outside the project',
  ),
  row('no-verify', 'git abuse', '--no-verify', 'skips hooks and checks (--no-verify)'),
  row('remote-repo', 'destructive', 'gh repo delete/archive/edit', 'deletes or changes a remote repository'),
  row(
    'infra',
    'cloud and infrastructure',
    'terraform apply/destroy, kubectl delete…',
    'changes or destroys live infrastructure',
  ),
  row(
    'container-host',
    'container escape',
    'privileged containers, host mounts',
    'gives a container the host machine',
  ),
  row('mkfs', 'destructive', 'mkfs', 'formats a file system'),
  row('partitions', 'destructive', 'fdisk, parted…', 'changes disk partitions'),
  row('wipefs', 'destructive', 'wipefs', 'wipes a disk'),
  row('shred', 'destructive', 'shred, srm', 'destroys files'),
  row('power', 'destructive', 'shutdown, reboot…', 'stops the machine'),
  row('schedule', 'persistence', 'crontab, at', 'schedules commands'),
  row('switch-user', 'privilege', 'su', 'switches to another user'),
  row('accounts', 'privilege', 'passwd, useradd…', 'changes accounts'),
  row('sudoers', 'privilege', 'visudo', 'changes who may run sudo'),
  row(
    'security-layer',
    'privilege',
    'setenforce, csrutil, spctl, Set-ExecutionPolicy',
    'turns off a security layer',
  ),
  row('firewall', 'network exposure', 'ufw, iptables, nft', 'changes the firewall'),
  row('chattr', 'persistence', 'chattr', 'changes file attributes'),
  row('mount', 'privilege', 'mount', 'mounts a file system'),
  row('umount', 'destructive', 'umount', 'unmounts a file system'),
  row('service', 'persistence', 'launchctl', 'installs a background service'),
  row('kernel', 'privilege', 'insmod, modprobe', 'loads kernel code'),
  // ---- writes outside the project, modes ----
  row(
    'write-outside',
    'writes outside the project',
    'a write, mode change or link outside the project',
    'writes or changes permissions outside the project',
  ),
  row(
    'edit-outside',
    'writes outside the project',
    'an Edit/Write of a file outside the project',
    'edits a file outside the project',
  ),
  row('raw-blocks', 'destructive', 'dd to a device or outside file', 'writes raw blocks outside the project'),
  row('world-writable', 'privilege', 'chmod o+w, 777, 666', 'makes files writable by everyone'),
  row(
    'umask',
    'privilege',
    'umask that makes new files world-writable',
    'makes new files writable by everyone',
  ),
  row('setuid', 'privilege', 'chmod u+s, 4755', 'sets the setuid or setgid bit'),
  row(
    'mode-computed',
    'obfuscation',
    'a mode computed at run time',
    'sets a permission computed at run time',
  ),
] as const satisfies readonly RuleDef[];

function row<const I extends string, const W extends string>(
  id: I,
  cls: string,
  what: string,
  why: W,
): { id: I; class: string; effect: 'withhold'; what: string; why: W; test: string } {
  return { id, class: cls, effect: 'withhold', what, why, test: T_POLICY };
}

export type RuleId = (typeof RULES)[number]['id'];
/** A reason the judges may give: exactly a `why` of the table. */
export type Reason = (typeof RULES)[number]['why'];

const BY_ID = new Map<string, RuleDef>(RULES.map((r) => [r.id, r]));
const BY_WHY = new Map<string, RuleDef>();
for (const r of RULES) if (!BY_WHY.has(r.why)) BY_WHY.set(r.why, r);

/** The rule with this id. */
export function rule(id: RuleId): RuleDef {
  return BY_ID.get(id)!;
}

/** The rule whose reason this is (the first one when two rules share a reason). */
export function ruleOfReason(why: string): RuleDef | undefined {
  return BY_WHY.get(why);
}
