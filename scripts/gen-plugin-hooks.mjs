// Writes hooks/hooks.json (the plugin form of the hooks) from HOOK_SPECS in src/cli/install.ts,
// so the plugin and `self-gen install` never drift apart. A unit test checks the file is current.
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';

const out = await build({
  entryPoints: ['src/cli/install.ts'],
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  logLevel: 'error',
});
const url = 'data:text/javascript;base64,' + Buffer.from(out.outputFiles[0].text).toString('base64');
const { pluginHooksJson } = await import(url);
writeFileSync('hooks/hooks.json', JSON.stringify(pluginHooksJson(), null, 2) + '\n');
console.log('wrote hooks/hooks.json');
