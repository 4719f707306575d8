const WINDOW_MS = 60_000;
const LIMIT = 5;
const windows = new Map();

export function recordFailure(user, now = Date.now()) {
  const w = windows.get(user);
  if (!w || now - w.start >= WINDOW_MS) {
    windows.set(user, { start: now, count: 1 });
    return 1;
  }
  w.count += 1;
  return w.count;
}

export function isBlocked(user, now = Date.now()) {
  const w = windows.get(user);
  return !!w && now - w.start < WINDOW_MS && w.count >= LIMIT;
}
