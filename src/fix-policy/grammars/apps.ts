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
  'tmp:clear',
  'log:clear',
  'test',
  'spec',
  'routes',
];
const task: Grammar = { args: 'assign...' };
const tasks = Object.fromEntries(RAKE_TASKS.map((t) => [t, task]));

const JQ = '--json=text --jq=text -q=text --web -R=name --repo=name';

export const APP_GRAMMARS: Record<string, Grammar> = {
  artisan: {
    sub: {
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
    },
    runs: true,
  },
  'manage.py': {
    sub: {
      // `migrate <app> zero` unapplies every migration of the app (drops its tables): a target is a migration's name
      migrate: { opts: '--run-syncdb --fake-initial', args: 'name? migration?' },
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
  'symfony-console': {
    sub: {
      'cache:clear': none,
      'doctrine:migrations:migrate': { opts: '-n --no-interaction' },
      'debug:router': none,
      'make:entity': make,
      'make:controller': make,
    },
    runs: true,
  },
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
  watchman: { sub: { 'watch-del-all': none, 'shutdown-server': none } },
  gh: {
    sub: {
      pr: {
        sub: {
          view: { opts: `${JQ} --comments`, args: 'name?' },
          list: { opts: `${JQ} -s=name --state=name -L=num --limit=num --author=name` },
          diff: { opts: '--patch --name-only', args: 'name?' },
          checks: { opts: '--watch', args: 'name?' },
          status: none,
          checkout: { args: 'name' },
        },
      },
      issue: {
        sub: {
          view: { opts: `${JQ} --comments`, args: 'name' },
          list: { opts: `${JQ} -L=num --limit=num -s=name --state=name -l=name --label=name` },
        },
      },
      release: { sub: { view: { opts: JQ, args: 'name?' }, list: { opts: `${JQ} -L=num --limit=num` } } },
      run: {
        sub: {
          view: { opts: `${JQ} --log --log-failed`, args: 'name?' },
          list: { opts: `${JQ} -L=num --limit=num -w=text --workflow=text` },
          watch: { args: 'name?' },
        },
      },
      repo: { sub: { view: { opts: JQ, args: 'name?' } } },
      auth: { sub: { status: none } },
    },
  },
};
