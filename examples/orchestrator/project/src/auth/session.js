import { randomUUID } from 'node:crypto';

const sessions = new Map();

export function createSession(user) {
  const id = randomUUID();
  sessions.set(id, { user, created: Date.now() });
  return id;
}
