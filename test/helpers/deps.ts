// Hook deps as a real hook gets them: createDeps (src/hook/runtime/deps.ts) plus the capabilities
// the parts list wires (src/parts/index.ts: learning, reading the hook's own transcript), for tests
// that call one part's handler or collector directly.
import { createDeps } from '../../src/hook/runtime/deps.js';
import type { HookDeps } from '../../src/hook/contract/types.js';
import { loadCapabilities } from '../../src/parts/index.js';

const caps = await loadCapabilities(['learn', 'ingestOwn']);

export function partDeps(...args: Parameters<typeof createDeps>): HookDeps {
  return Object.assign(createDeps(...args), caps);
}
