import { createSession } from './session.js';

const USERS = new Map([['ada', 'lovelace']]);

export function verifyPassword(user, password) {
  return USERS.get(user) === password;
}

export function login(user, password) {
  if (!verifyPassword(user, password)) return { status: 401 };
  return { status: 200, session: createSession(user) };
}
