// System package managers, containers, infrastructure and toolchain version managers: the
// subcommands and options fixes use. Not here: taps, channels, privileged containers, applies and
// destroys, installs of toolchains from a URL.
import type { Grammar } from '../grammar.js';

const version: Grammar = { args: 'version' };

export const SYSTEM_GRAMMARS: Record<string, Grammar> = {
  brew: {
    sub: {
      install: { opts: '--cask --formula -q', args: 'brew brew...' },
      upgrade: { opts: '--cask', args: 'brew...' },
      reinstall: { args: 'brew brew...' },
      uninstall: { args: 'brew brew...' },
      update: {},
      link: { opts: '--overwrite --force', args: 'brew' },
      unlink: { args: 'brew' },
      list: {},
      info: { args: 'brew' },
      doctor: {},
      cleanup: {},
    },
  },
  'apt-get': {
    opts: '-y -q -qq --yes --no-install-recommends',
    sub: {
      update: { opts: '-y -q -qq --yes' },
      install: { opts: '-y -q -qq --yes --no-install-recommends --fix-broken -f', args: 'pkg...' },
      upgrade: { opts: '-y' },
      remove: { opts: '-y', args: 'pkg pkg...' },
    },
  },
  apt: {
    opts: '-y',
    sub: {
      update: { opts: '-y' },
      install: { opts: '-y --no-install-recommends', args: 'pkg pkg...' },
      upgrade: { opts: '-y' },
      remove: { opts: '-y', args: 'pkg pkg...' },
    },
  },
  dnf: { opts: '-y', sub: { install: { opts: '-y', args: 'pkg pkg...' }, update: { opts: '-y' } } },
  yum: { opts: '-y', sub: { install: { opts: '-y', args: 'pkg pkg...' }, update: { opts: '-y' } } },
  apk: {
    sub: {
      add: { opts: '--no-cache --update -U', args: 'pkg pkg...' },
      update: {},
      del: { args: 'pkg pkg...' },
    },
  },
  docker: {
    sub: {
      build: {
        opts: '-t=ref --tag=ref -f=path --file=path --no-cache --pull --target=name --platform=ref -q',
        args: 'path',
        runs: true,
      },
      compose: {
        opts: '-f=path --file=path -p=name --project-name=name',
        sub: {
          up: {
            opts: '-d --detach --build --force-recreate --remove-orphans --wait',
            args: 'name...',
            runs: true,
          },
          build: { opts: '--no-cache --pull', args: 'name...', runs: true },
          down: { opts: '--remove-orphans' },
          pull: { args: 'name...' },
          logs: { opts: '-f --tail=num', args: 'name...' },
          ps: { opts: '-a --all -q --quiet --services --format=name' },
          version: { opts: '--short' },
          config: { opts: '--services -q --quiet' },
          restart: { args: 'name...' },
          stop: { args: 'name...' },
          start: { args: 'name...' },
        },
      },
      ps: { opts: '-a' },
      images: {},
      // an image of Docker's curated official library, by name (a plain name, no registry host or
      // account), for a platform; pulled, not run
      pull: { opts: '--platform=ref -q --quiet', args: 'pkg' },
      logs: { opts: '-f --tail=num', args: 'name' },
      stop: { args: 'name name...' },
      start: { args: 'name name...' },
      restart: { args: 'name name...' },
      version: {},
      info: {},
      system: { sub: { df: { opts: '-v --verbose' }, info: {} } },
      // the build cache and images no container uses: rebuilt or pulled again on demand. Not here:
      // `system prune` (it also deletes every stopped container, with the data in it)
      builder: { sub: { prune: { opts: '-f --force -a --all' } } },
      image: { sub: { prune: { opts: '-f --force -a --all' }, ls: {} } },
      // a builder on this machine (buildx's own container), made the default; not `--driver remote` or an endpoint
      buildx: { sub: { create: { opts: '--use --bootstrap --name=name' }, ls: {}, version: {} } },
    },
  },
  'docker-compose': {
    opts: '-f=path --file=path',
    sub: {
      up: { opts: '-d --build --force-recreate', args: 'name...', runs: true },
      build: { opts: '--no-cache', args: 'name...', runs: true },
      down: {},
      logs: { opts: '-f', args: 'name...' },
      ps: {},
      stop: { args: 'name...' },
      restart: { args: 'name...' },
      rm: { opts: '-f -s', args: 'name...' },
    },
  },
  // helm: the chart in the project (its dependencies as Chart.yaml declares them) and read-only
  // queries; not install/upgrade/uninstall (they change a live cluster) or repo add (another source)
  helm: {
    sub: {
      dependency: {
        sub: {
          update: { opts: '--skip-refresh', args: 'path?' },
          build: { opts: '--skip-refresh', args: 'path?' },
          list: { args: 'path?' },
        },
      },
      dep: 'dependency',
      lint: { opts: '--strict -f=path --values=path', args: 'path...' },
      template: {
        opts: '-f=path --values=path -n=name --namespace=name --name-template=name',
        args: 'name? path',
      },
      version: { opts: '--short' },
      list: { opts: '-A --all-namespaces -n=name --namespace=name' },
      ls: 'list',
    },
  },
  terraform: {
    sub: {
      // Go's flags: one dash or two
      init: {
        opts: '-upgrade --upgrade -reconfigure --reconfigure -input=name --input=name -backend=name --backend=name',
      },
      // rewrites the project's own .tf files for 0.13
      '0.13upgrade': { opts: '-yes', args: 'path?' },
      fmt: { opts: '-recursive -check', args: 'path...' },
      validate: {},
      plan: { opts: '-out=out -input=name' },
      providers: {
        sub: {
          '': {},
          // the lock file's hashes of the providers the configuration names, for more platforms
          lock: { opts: '-platform=name' },
          schema: { opts: '-json' },
        },
      },
      version: {},
    },
  },
  sdk: {
    sub: {
      use: { args: 'name version' },
      install: { args: 'name version?' },
      default: { args: 'name version' },
      current: {},
    },
  },
  rbenv: {
    sub: {
      install: { opts: '-s', args: 'version' },
      local: version,
      global: version,
      rehash: {},
      versions: {},
    },
  },
  asdf: {
    sub: {
      install: { args: 'name? version?' },
      local: { args: 'name version' },
      global: { args: 'name version' },
      set: { args: 'name version' },
      reshim: { args: 'name...' },
    },
  },
  mise: {
    sub: {
      use: { opts: '-g --global', args: 'npm npm...' },
      install: { args: 'npm...' },
      exec: { args: 'npm...', dashdash: 'cmd' },
      x: 'exec',
      ls: {},
      current: {},
    },
  },
};
