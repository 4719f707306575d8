import { test } from 'node:test';
import assert from 'node:assert/strict';
import { login } from '../src/auth/login.js';

test('a good password logs in', () => {
  assert.equal(login('ada', 'lovelace').status, 200);
});

test('a bad password is rejected', () => {
  assert.equal(login('ada', 'nope').status, 401);
});
