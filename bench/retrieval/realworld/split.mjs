// The split rule of the real-world set, fixed on 2026-11-26 before any item was collected:
// an item is HELD-OUT when the first byte of SHA-1("realworld:" + id) is below 144 (9/16 of the
// hash space), otherwise TUNING. The side depends on the id alone, never on when the item was added
// or on any result. If the held-out minimums (75 pairs, 55 of them recurrences, 50 near misses) are
// not met, more items are collected (named before their hash is seen); no item ever changes side.
import { createHash } from 'node:crypto';

export const HELD_OUT_BELOW = 144;

export const sideOf = (id) =>
  createHash('sha1').update(`realworld:${id}`).digest()[0] < HELD_OUT_BELOW ? 'held-out' : 'tuning';
