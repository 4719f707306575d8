// The two clocks hooks and commands read, without node:perf_hooks: loading that module costs every
// process about a millisecond, and `process.uptime()` (libuv's monotonic clock, from the process's
// start) gives the same readings.

/** Milliseconds since this process started, monotonic: what `performance.now()` gives. */
export function sinceStartMs(): number {
  return process.uptime() * 1000;
}

/** When this process started, in milliseconds since the epoch: what `performance.timeOrigin` gives. */
export function processStartMs(): number {
  return Date.now() - process.uptime() * 1000;
}
