// The fix policy's deny rows (rules.ts holds the table): known-dangerous cases about the
// environment, package sources, credentials, destruction and writes outside the project, withheld
// even in the project that proved them.
import type { RuleDef } from './rule-def.js';

const T_POLICY = 'test/unit/kb-safety-shell.test.ts';

/** A withholding row proved by the shell-policy test. */
export function row<const I extends string, const W extends string>(
  id: I,
  cls: string,
  what: string,
  why: W,
): { id: I; class: string; effect: 'withhold'; what: string; why: W; test: string } {
  return { id, class: cls, effect: 'withhold', what, why, test: T_POLICY };
}

export const DENY_ROWS = [
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
