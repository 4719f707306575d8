// The demo part's public surface: what other parts and the hosts may use.
/** Runs the demo: a scripted session in a throw-away data home. */
export { runDemo } from './run.js';
