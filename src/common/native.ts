// Loading the packages that are not bundled (native addons: better-sqlite3, sqlite-vec; re2js).
// From a checkout or the npm package they come from node_modules next to the code, as usual. The
// Claude Code plugin ships bundled JavaScript without node_modules: there they are installed on
// first use into the plugin's data folder (src/bin/plugin-bootstrap.ts), which the plugin's hook entry
// names in SELF_GEN_NATIVE_DIR (inherited by the workers it starts). Only then is that folder tried.
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** A require() for `from` (a module URL) that falls back to SELF_GEN_NATIVE_DIR's (or ${CLAUDE_PLUGIN_DATA}/native's) node_modules. */
export function nativeRequire(from: string): (id: string) => unknown {
  return withFallback(from, (req, id) => req(id));
}

/** Where nativeRequire(from) finds `id` (a file path), the same way. */
export function nativeResolve(from: string): (id: string) => string {
  return withFallback(from, (req, id) => req.resolve(id));
}

function withFallback<T>(from: string, use: (req: NodeJS.Require, id: string) => T): (id: string) => T {
  const local = createRequire(from);
  let fallback: NodeJS.Require | null = null;
  return (id: string) => {
    try {
      return use(local, id);
    } catch (e) {
      // The plugin's hooks name the folder; its MCP server and CLI get CLAUDE_PLUGIN_DATA from Claude Code.
      const data = process.env.CLAUDE_PLUGIN_DATA?.trim();
      const dir = process.env.SELF_GEN_NATIVE_DIR?.trim() || (data ? join(data, 'native') : '');
      if (!dir || (e as NodeJS.ErrnoException)?.code !== 'MODULE_NOT_FOUND') throw e;
      fallback ??= createRequire(join(dir, 'package.json'));
      return use(fallback, id);
    }
  };
}
