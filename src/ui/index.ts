// The ui part's public surface: what other parts and the hosts may use.
/** Null when the front end is not built (dist/ui/ missing). */
export { loadAssets } from './assets.js';
/** The dashboard's built assets. */
export type { UiAssets } from './assets.js';
/** One launch's secrets: the session (cookie), the page's change token and the login codes. */
export { UiAuth } from './guard.js';
/** Starts the opener detached on `target` (a URL or a file); true when one was started. */
export { openBrowser } from './open.js';
/** Removes the launcher page (when the dashboard stops). */
export { removeLauncher } from './open.js';
/** Writes the launcher page (0600) that sends the browser to `loginUrl`; returns its path. */
export { writeLauncher } from './open.js';
/** Listens on 127.0.0.1 only (port 0: a free port chosen by the system). */
export { startUiServer } from './server.js';
