// Program families judged by what they are asked to do: remote services (gh, cloud CLIs,
// infrastructure, clusters, containers), awk programs, databases, and the shell builtins that set
// variables, the file mode mask or the current folder.
import { sourceFile } from './files.js';
import { judgeGit } from './git.js';
import { judgeAssignment } from './programs.js';
import { flag, inside, withhold, type Call } from './state.js';

function judgeGh({ st, texts }: Call): void {
  if (
    /^(?:auth|secret|ssh-key|gpg-key)$/.test(texts[0] ?? '') &&
    !/^(?:status|login|setup-git)$/.test(texts[1] ?? '')
  )
    return withhold(st, 'reads a credential store');
  // gh api sends data with fields, a method or an input file; a plain GET only reads
  const apiSends =
    texts[0] === 'api' &&
    texts.some((t) => /^(?:-[a-zA-Z]*[fFX]|--(?:field|raw-field|method|input|hostname)\b)/.test(t));
  if (texts[0] === 'gist' || (texts[0] === 'release' && texts[1] === 'upload') || apiSends)
    return withhold(st, 'sends local files to another machine, or runs commands there');
  if (/^(?:repo)$/.test(texts[0] ?? '') && /^(?:delete|archive|edit)$/.test(texts[1] ?? ''))
    return withhold(st, 'deletes or changes a remote repository');
  return;
}

/** aws, gsutil, gcloud, az. */
function judgeCloud({ st, texts }: Call): void {
  if (
    /(?:^| )(?:s3 (?:cp|sync|mv)|cp|rsync|storage (?:cp|blob upload)|configure (?:get|export)|get-session-token|print-access-token|print-identity-token|get-access-token|ecr get-login-password|secretsmanager get-secret-value|ssm get-parameter)(?: |$)/.test(
      texts.join(' '),
    )
  )
    return withhold(st, 'sends local files to another machine or reads credentials');
  return;
}

/** terraform, tofu, pulumi. */
function judgeInfra({ st, texts }: Call): void {
  if (
    /^(?:destroy|apply|up|state|import|taint|force-unlock)$/.test(texts.find((t) => !t.startsWith('-')) ?? '')
  )
    return withhold(st, 'changes or destroys live infrastructure');
}

/** kubectl, helm. */
function judgeCluster({ st, texts }: Call): void {
  if (texts.includes('secret') || texts.includes('secrets')) return withhold(st, 'reads a credential store');
  if (/^(?:delete|uninstall|drain|cordon)$/.test(texts[0] ?? ''))
    return withhold(st, 'changes or destroys live infrastructure');
  return;
}

/** docker, podman, docker-compose. */
function judgeContainer({ st, prog, args, texts }: Call): void {
  const sub = texts.find((t) => !t.startsWith('-')) ?? '';
  if (/^(?:login|logout)$/.test(sub)) return withhold(st, 'reads a credential store');
  if (sub === 'push') return withhold(st, 'publishes, or changes registry accounts or tokens');
  if (
    /^(?:build|compose|images|ps|logs|pull|version|info|inspect|buildx|stop|start|restart|up|down|exec|tag)$/.test(
      sub,
    ) ||
    prog === 'docker-compose'
  ) {
    if (
      flag(args, /^--privileged$|^-v$|^--volume|^--mount/) &&
      args.some((a) => /^\/(?::|$)|^\/(?:etc|root|home|var\/run\/docker\.sock)/.test(a.text))
    )
      return withhold(st, 'gives a container the host machine');
    return;
  }
  if (
    flag(args, /^--privileged$/) ||
    args.some((a) => /^\/(?::|$)|^\/(?:etc|root|home|var\/run\/docker\.sock)|(?:^|:)~?\/\.ssh/.test(a.text))
  )
    return withhold(st, 'gives a container the host machine');
  return;
}

/** awk, gawk, mawk, nawk. */
function judgeAwk({ st, args }: Call): void {
  const prog0 = args.find((a) => !a.text.startsWith('-'));
  if (
    prog0 &&
    (prog0.dynamic ||
      /\bsystem\s*\(|\|\s*getline|getline\s*<|print[^;}]*[>|]|printf[^;}]*[>|]/.test(prog0.text))
  )
    return withhold(st, 'runs commands or writes files from an awk program');
  if (flag(args, /^-i$|^--inplace$|^-f$/)) return withhold(st, 'runs code given inline');
}

/** export, declare, typeset, local, readonly. */
function judgeDeclare({ st, args }: Call): void {
  if (flag(args, /^-[a-z]*f/)) return withhold(st, 'defines a shell function');
  for (const a of args) {
    const m = /^([A-Za-z_]\w*)=(.*)$/s.exec(a.text);
    if (m) judgeAssignment(st, m[1]!, { text: m[2]!, dynamic: a.dynamic });
  }
}

function judgeUmask({ st, args }: Call): void {
  if (args[0] && /[014589]$|^[0-7]?[0-7][014]$/.test(args[0].text))
    return withhold(st, 'makes new files writable by everyone');
}

/** cd, pushd, popd: once the project is left, relative paths no longer point inside it. */
function judgeCd({ st, prog, args }: Call): void {
  if (prog === 'popd' || (args[0] && !inside(st, args[0])) || (!args[0] && prog === 'cd'))
    st.leftProject = true;
  const into =
    args.length === 1 &&
    !args[0]!.dynamic &&
    /^(?:\.\/)?[\w-][\w.-]*(?:\/[\w-][\w.-]*)*\/?$/.exec(args[0]!.text);
  st.below =
    prog === 'cd' && st.chain && !st.leftProject && into
      ? st.below + into[0].split('/').filter((p) => p && p !== '.').length
      : 0;
}

const redisFlush = (texts: string[]) => texts.some((t) => /^(?:flushall|flushdb)$/i.test(t));

/** psql, mysql, sqlite3, mongosh, mongo, redis-cli. */
function judgeDatabase({ st, texts }: Call): void {
  if (redisFlush(texts)) return withhold(st, 'drops data');
  return;
}

export const TOOLS: [string[], (c: Call) => void][] = [
  [['source', '.'], ({ st, args }) => sourceFile(st, args[0])],
  [['git'], ({ st, args }) => judgeGit(st, args)],
  [['gh'], judgeGh],
  [['aws', 'gsutil', 'gcloud', 'az'], judgeCloud],
  [['terraform', 'tofu', 'pulumi'], judgeInfra],
  [['kubectl', 'helm'], judgeCluster],
  [['docker', 'podman', 'docker-compose'], judgeContainer],
  [['awk', 'gawk', 'mawk', 'nawk'], judgeAwk],
  [['export', 'declare', 'typeset', 'local', 'readonly'], judgeDeclare],
  [['umask'], judgeUmask],
  [['cd', 'pushd', 'popd'], judgeCd],
  [['psql', 'mysql', 'sqlite3', 'mongosh', 'mongo', 'redis-cli'], judgeDatabase],
];
