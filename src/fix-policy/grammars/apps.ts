// Framework command lines (Laravel's artisan, Django's manage.py, Symfony's console, Rails and
// rake tasks, Expo, Astro) and read-only GitHub CLI commands. Only the tasks that build, migrate
// forward, clear caches or inspect: no fresh/wipe/reset/drop, no shell or tinker, no `--force`
// that runs against production.
import type { Grammar } from '../grammar.js';

const none: Grammar = {};
const make: Grammar = { args: 'name' };

/** Rails and rake tasks a fix runs (a Rakefile's own task names are not known here). */
const RAKE_TASKS = [
  'db:migrate',
  'db:create',
  'db:setup',
  'db:seed',
  'db:test:prepare',
  'db:prepare',
  'db:migrate:status',
  'assets:precompile',
  'assets:clobber',
  'assets:clean',
  // the bundlers' builds of Rails (webpacker, jsbundling-rails, cssbundling-rails)
  'webpacker:compile',
  'webpacker:clobber',
  'javascript:build',
  'css:build',
  'tmp:clear',
  'log:clear',
  'test',
  'spec',
  'routes',
];
const task: Grammar = { args: 'assign...' };

/**
 * The options every command of a Symfony Console application takes (artisan, bin/console): how it
 * prints, and no questions. Not here: `--env` (another environment's settings, production's among them).
 */
const CONSOLE = '--ansi --no-ansi -q --quiet -v -vv -vvv --verbose -n --no-interaction';
function consoleApp(subs: Record<string, Grammar | string>): Grammar {
  const withOpts = ([name, g]: [string, Grammar | string]) =>
    [name, typeof g === 'string' ? g : { ...g, opts: `${g.opts ?? ''} ${CONSOLE}` }] as const;
  return { opts: CONSOLE, sub: Object.fromEntries(Object.entries(subs).map(withOpts)), runs: true };
}
const tasks = Object.fromEntries(RAKE_TASKS.map((t) => [t, task]));

/** Read-only output options of gh, and the repository to read. */
const JQ = '--json=name --jq=jq -q=jq -t=text --template=text --web -w -R=ref --repo=ref';

/** kubectl's options that choose what is read, and how it is shown. Not here: --kubeconfig, --server, --token, --as (another cluster or identity). */
const K8S =
  '-n=name --namespace=name -A --all-namespaces -l=text --selector=text --field-selector=text --context=name --request-timeout=text';
const K8S_OUT =
  '-o=pattern --output=pattern --show-labels -L=name --label-columns=name --sort-by=pattern --no-headers --show-kind';

export const APP_GRAMMARS: Record<string, Grammar> = {
  artisan: consoleApp({
    migrate: { opts: '--seed --step', sub: { '': {}, status: {} } },
    'migrate:status': none,
    'key:generate': none,
    'config:clear': none,
    'config:cache': none,
    'cache:clear': none,
    'route:clear': none,
    'route:list': none,
    'view:clear': none,
    'optimize:clear': none,
    optimize: none,
    'storage:link': none,
    serve: { opts: '--port=num' },
    test: { opts: '--filter=text --parallel', args: 'path...' },
    'make:model': { opts: '-m -c -f -r', args: 'name' },
    'make:controller': { opts: '-r --api', args: 'name' },
    'make:migration': make,
    'make:request': make,
    'make:middleware': make,
    'vendor:publish': { opts: '--tag=name --provider=name' },
    'queue:restart': none,
    'clear-compiled': none,
    'package:discover': none,
  }),
  'manage.py': {
    sub: {
      // `migrate <app> zero` unapplies every migration of the app (drops its tables): a target is a migration's name
      migrate: { opts: '--run-syncdb --fake-initial --fake', args: 'name? migration?' },
      makemigrations: { args: 'name...' },
      runserver: { args: 'num?' },
      test: { opts: '-v=num --keepdb --parallel', args: 'name...' },
      check: { opts: '--deploy' },
      collectstatic: { opts: '--noinput --clear' },
      showmigrations: { args: 'name...' },
      startapp: { args: 'name' },
      createcachetable: none,
    },
    runs: true,
  },
  'symfony-console': consoleApp({
    'cache:clear': none,
    'doctrine:migrations:migrate': none,
    'debug:router': none,
    'make:entity': make,
    'make:controller': make,
  }),
  rake: { sub: tasks, runs: true },
  rails: {
    sub: {
      ...tasks,
      test: { args: 'path...' },
      server: { opts: '-p=num' },
      s: 'server',
      generate: { args: 'name name...' },
      g: 'generate',
      routes: none,
    },
    runs: true,
  },
  expo: {
    sub: {
      start: { opts: '-c --clear --tunnel=name --port=num' },
      prebuild: { opts: '--clean --platform=name --no-install' },
      install: { opts: '--check --fix', args: 'npm...' },
      doctor: none,
      export: { opts: '--platform=name' },
      customize: { args: 'path...' },
    },
    runs: true,
  },
  astro: {
    sub: { build: none, dev: { opts: '--port=num' }, check: none, preview: none, sync: none },
    runs: true,
  },
  // database and other shells: only their version and help (their own commands run anything)
  sqlite3: { sub: {} },
  psql: { sub: {} },
  mysql: { sub: {} },
  'redis-cli': { sub: {} },
  // Xcode's tools: the selected developer folder and the simulators
  'xcode-select': { opts: '-p --print-path -v --version --install' },
  xcrun: {
    opts: '--show-sdk-path --show-sdk-version --show-sdk-platform-path --find=name -f=name --sdk=name',
    sub: { '': {}, simctl: { sub: { list: { opts: '-j --json -v', args: 'name...' } } } },
  },
  watchman: { sub: { 'watch-del-all': none, 'shutdown-server': none } },
  // Graphite: the stack on this machine (no submit, sync or delete: they push or delete branches)
  gt: {
    opts: '--no-interactive --interactive -q --quiet --debug --cwd=path',
    sub: {
      log: { opts: '--no-interactive -s --short -r --reverse --stack --show-untracked' },
      ls: none,
      state: none,
      info: { opts: '-b --body -d --diff -s --stat', args: 'ref?' },
      parent: none,
      children: none,
      trunk: none,
      checkout: { opts: '--no-interactive -a --all -s --stack -t --trunk', args: 'ref?' },
      co: 'checkout',
      create: {
        opts: '--no-interactive -a --all -m=message --message=message -u --update -p --patch -i --insert -v --verbose',
        args: 'ref?',
      },
      c: 'create',
      modify: {
        opts: '--no-interactive -a --all -c --commit -m=message --message=message -u --update -p --patch --into=ref -e --edit --no-edit',
        args: '',
      },
      m: 'modify',
      track: { opts: '--no-interactive -p=ref --parent=ref -f --force', args: 'ref?' },
      restack: { opts: '--no-interactive --upstack --downstack --only' },
      up: { args: 'num?' },
      down: { args: 'num?' },
      top: none,
      bottom: none,
    },
  },
  // Kubernetes: reading the cluster (resources other than secrets), logs, rollout status
  kubectl: {
    opts: K8S,
    sub: {
      get: {
        opts: `${K8S} ${K8S_OUT} -w --watch --watch-only --chunk-size=num --ignore-not-found`,
        args: 'k8s name...',
      },
      describe: { opts: `${K8S} --show-events=name`, args: 'k8s name...' },
      logs: {
        opts: `${K8S} -f --follow -p --previous --tail=num --since=text --since-time=text --timestamps -c=name --container=name --all-containers --prefix --max-log-requests=num`,
        args: 'k8s?',
      },
      top: {
        sub: {
          pods: { opts: `${K8S} --containers`, args: 'name?' },
          pod: 'pods',
          nodes: { opts: K8S, args: 'name?' },
          node: 'nodes',
        },
      },
      explain: { opts: '--recursive --api-version=name', args: 'name' },
      'api-resources': { opts: `${K8S_OUT} --namespaced=name --api-group=name --verbs=name` },
      'api-versions': none,
      version: { opts: `--client ${K8S_OUT}` },
      'cluster-info': none,
      rollout: {
        sub: {
          status: { opts: `${K8S} -w --watch=name --timeout=text --revision=num`, args: 'k8s name?' },
          history: { opts: K8S, args: 'k8s name?' },
        },
      },
      auth: { sub: { 'can-i': { opts: `${K8S} --list`, args: 'name name?' }, whoami: none } },
      config: {
        sub: { 'current-context': none, 'get-contexts': { opts: '-o=name --no-headers', args: 'name?' } },
      },
    },
  },
  // Entire (session checkpoints for agents): what it shows (enable/disable install hooks: not here)
  entire: {
    sub: {
      status: none,
      version: none,
      agent: { sub: { list: none } },
      session: { sub: { list: none } },
      auth: { sub: { status: none } },
    },
  },
  // rtk: a proxy that runs a command and shortens its output
  rtk: { sub: { proxy: { args: 'cmd' } } },
  gh: {
    sub: {
      pr: {
        sub: {
          view: { opts: `${JQ} --comments -c`, args: 'name?' },
          list: {
            opts: `${JQ} -s=name --state=name -L=num --limit=num --author=name -A=name -B=ref --base=ref -H=ref --head=ref -l=name --label=name --search=pattern -S=pattern --draft -d`,
          },
          diff: { opts: '--patch --name-only --color=name -R=ref --repo=ref', args: 'name?' },
          checks: {
            opts: '--watch --fail-fast -i=num --interval=num --required -R=ref --repo=ref --json=name --jq=jq -q=jq',
            args: 'name?',
          },
          status: { opts: JQ },
          checkout: { opts: '-b=ref --branch=ref --detach -f --force -R=ref --repo=ref', args: 'name' },
        },
      },
      issue: {
        sub: {
          view: { opts: `${JQ} --comments -c`, args: 'name' },
          list: {
            opts: `${JQ} -L=num --limit=num -s=name --state=name -l=name --label=name -A=name --author=name -a=name --assignee=name -S=pattern --search=pattern`,
          },
          status: { opts: JQ },
        },
      },
      release: { sub: { view: { opts: JQ, args: 'name?' }, list: { opts: `${JQ} -L=num --limit=num` } } },
      run: {
        sub: {
          view: {
            opts: `${JQ} --log --log-failed -j=jobs --job=num --attempt=num -v --verbose --exit-status`,
            args: 'name?',
          },
          list: {
            opts: `${JQ} -L=num --limit=num -w=text --workflow=text -b=ref --branch=ref -s=name --status=name -e=name --event=name -c=ref --commit=ref -u=name --user=name`,
          },
          watch: { opts: '--exit-status -i=num --interval=num -R=ref --repo=ref', args: 'name?' },
        },
      },
      repo: { sub: { view: { opts: JQ, args: 'ref?' } } },
      workflow: {
        sub: {
          list: { opts: `${JQ} -a --all -L=num --limit=num` },
          view: { opts: `${JQ} -y --yaml -r=ref --ref=ref`, args: 'name?' },
        },
      },
      auth: { sub: { status: { opts: '-h=name --hostname=name -a --active' } } },
      // the REST API read with GET: no fields (-f/-F make it a POST), no method, no input, no other host
      api: {
        opts: '--jq=jq -q=jq --paginate --slurp -i --include --silent -t=text --template=text --cache=text',
        args: 'endpoint',
      },
    },
  },
};
