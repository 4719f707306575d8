// The kb commands' argument parsers: no database, no search, so declaring the commands loads neither.
import { InvalidArgumentError } from 'commander';
import type { KbTier } from '../../../error-kb/search-options.js';

export const entryId = (v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1)
    throw new InvalidArgumentError('an entry id (a positive whole number; see `self-gen kb list`)');
  return n;
};

export const count = (v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('a positive whole number');
  return n;
};

const TIERS: readonly KbTier[] = ['exact', 'prefix', 'similar', 'vector'];
export function tierList(v: string): KbTier[] {
  const list = v.split(',').map((t) => t.trim()) as KbTier[];
  const bad = list.find((t) => !TIERS.includes(t));
  if (bad) throw new InvalidArgumentError(`unknown tier ${bad} (tiers: ${TIERS.join(', ')})`);
  return list;
}
