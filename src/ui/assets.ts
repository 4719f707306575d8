// The built front end (dist/ui/: index.html, app.js, app.css), read once at start.
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { distFile } from '../common/dist.js';

export interface UiAssets {
  /** The page, with the change token its script sends on changes. */
  index: (changeToken: string) => string;
  js: string;
  css: string;
}

/** Null when the front end is not built (dist/ui/ missing). */
export function loadAssets(from: string = import.meta.url): UiAssets | null {
  // app.js only exists in the build (ui/ at the repository root holds the sources).
  const dir = dirname(distFile('ui/app.js', from));
  try {
    const html = readFileSync(`${dir}/index.html`, 'utf8');
    const js = readFileSync(`${dir}/app.js`, 'utf8');
    const css = readFileSync(`${dir}/app.css`, 'utf8');
    // The token is URL-safe base64 (guard.newToken): nothing in it needs HTML escaping.
    return { index: (token) => html.replaceAll('__TOKEN__', encodeURIComponent(token)), js, css };
  } catch {
    return null;
  }
}
