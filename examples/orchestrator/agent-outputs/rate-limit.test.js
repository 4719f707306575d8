import { test } from 'node:test';
import assert from 'node:assert/strict';
import { recordFailure, isBlocked } from '../src/auth/rate-limit.js';

test('counts failures per user', () => {
  assert.equal(recordFailure('a', 0), 1);
  assert.equal(recordFailure('a', 1000), 2);
  assert.equal(recordFailure('b', 1000), 1);
});

test('the window resets after 60 seconds', () => {
  recordFailure('c', 0);
  assert.equal(recordFailure('c', 61_000), 1);
});

test('blocked after 5 failures in the window', () => {
  for (let i = 0; i < 5; i++) recordFailure('d', i);
  assert.equal(isBlocked('d', 10), true);
  assert.equal(isBlocked('d', 70_000), false);
});
