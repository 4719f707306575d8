// dist/hook.js: `node dist/hook.js <Event>` works too; it hands over to dist/hook.cjs (which
// `self-gen install` registers, since a CommonJS entry starts a few milliseconds faster).
import { createRequire } from 'node:module';

try {
  createRequire(import.meta.url)('./hook.cjs');
} catch {
  process.exit(0);
}
