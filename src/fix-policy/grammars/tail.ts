// The long tail of ecosystems: Ansible Galaxy, vcpkg, minikube, and the subcommands of .NET
// (workloads, tools), Flutter, Dart, CocoaPods and Meson that other.ts does not hold. Only what
// stays in the project or installs by name from the ecosystem's own registry: no other server
// (`--server`, `--add-source`, `--overlay-ports`), no install path outside the project, no host
// mount into a cluster.
import type { Grammar } from '../grammar.js';
import { OTHER_GRAMMARS } from './other.js';

/** A program's grammar with more subcommands under the subcommand path `at` (`['pub', 'cache']`). */
function extend(g: Grammar, at: string[], more: Record<string, Grammar>): Grammar {
  const [head, ...rest] = at;
  if (head === undefined) return { ...g, sub: { ...g.sub, ...more } };
  const child = g.sub?.[head];
  if (!child || typeof child === 'string') throw new Error(`fix-policy grammar: no '${head}' to extend`);
  return { ...g, sub: { ...g.sub, [head]: extend(child, rest, more) } };
}

const GALAXY_INSTALL: Grammar = {
  // -r: the project's own requirements file
  opts: '-r=path --requirements-file=path --role-file=path -f --force --force-with-deps -U --upgrade --no-deps',
  args: 'galaxy...',
};
const TOOL_SCOPE = '-g --global --local';
const pubCache: Record<string, Grammar> = {
  cache: { sub: { repair: {}, clean: { opts: '-f --force' } } },
};
const { dotnet, flutter, dart, pod, meson } = OTHER_GRAMMARS as Record<string, Grammar>;

export const TAIL_GRAMMARS: Record<string, Grammar> = {
  'ansible-galaxy': {
    sub: {
      collection: { sub: { install: GALAXY_INSTALL, list: {} } },
      role: { sub: { install: GALAXY_INSTALL, list: {} } },
      install: GALAXY_INSTALL,
      list: {},
    },
  },
  vcpkg: {
    sub: {
      // the project's vcpkg.json, or ports by name from vcpkg's own reviewed registry
      install: {
        opts: '--triplet=name --clean-after-build --recurse --no-print-usage',
        args: 'name...',
        runs: true,
      },
      // vcpkg.json's baseline moved to the registries' latest commit
      'x-update-baseline': { opts: '--add-initial-baseline --dry-run' },
      list: {},
      search: { args: 'name?' },
      update: {},
      version: {},
    },
  },
  // a local cluster with the default driver (not --driver=none, --mount or another image repository)
  minikube: {
    sub: {
      start: {
        opts: '--memory=num --cpus=num --disk-size=num --nodes=num -p=name --profile=name --kubernetes-version=version',
      },
      stop: { opts: '-p=name --profile=name' },
      status: { opts: '-p=name --profile=name' },
      ip: {},
      version: {},
      addons: { sub: { list: {} } },
    },
  },
  dotnet: extend(dotnet!, [], {
    // SDK workloads by id, from Microsoft's manifests; restore: the ones the project needs
    workload: {
      sub: {
        install: { opts: '--skip-manifest-update', args: 'name name...' },
        restore: { args: 'path?' },
        update: {},
        list: {},
        search: { args: 'name?' },
        repair: {},
      },
    },
    tool: {
      sub: {
        restore: {},
        list: { opts: TOOL_SCOPE },
        install: { opts: `${TOOL_SCOPE} --version=version --prerelease`, args: 'dntool' },
        update: { opts: `${TOOL_SCOPE} --version=version --prerelease --all`, args: 'dntool?' },
        uninstall: { opts: TOOL_SCOPE, args: 'dntool' },
      },
    },
  }),
  // --force: upgrades Flutter's own checkout although it has local changes
  flutter: extend(extend(flutter!, [], { upgrade: { opts: '--force --verify-only' } }), ['pub'], pubCache),
  dart: extend(dart!, ['pub'], pubCache),
  pod: extend(pod!, [], { cache: { sub: { clean: { opts: '--all', args: 'name?' }, list: {} } } }),
  // wraps by name from WrapDB, Meson's own reviewed registry, into subprojects/
  meson: extend(meson!, [], {
    wrap: {
      sub: {
        install: { args: 'name' },
        update: { args: 'name...' },
        list: {},
        search: { args: 'name' },
        info: { args: 'name' },
        status: {},
      },
    },
  }),
};
