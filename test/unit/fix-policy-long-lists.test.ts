// The fix policy's long package lists are text files read on first use (src/fix-policy/data/long-lists.ts):
// they hold the names the generators wrote, and a package on them crosses projects while a name off
// them stays where it was proved, as when the lists were modules.
import { describe, expect, it } from 'vitest';
import { longList } from '../../src/fix-policy/data/long-lists.js';
import { judgeFix } from '../helpers/fix-policy.js';

const ran = (c: string) => judgeFix(`ran \`${c}\``, 'same-command');

describe('the long package lists', () => {
  it('are read whole, without their header', () => {
    const npm = longList('npm-popular').split(' ');
    const pypi = longList('pypi-ranked').split(' ');
    expect(npm.length).toBeGreaterThan(20_000);
    expect(pypi.length).toBeGreaterThan(9_000);
    expect(npm).toContain('react');
    expect(pypi).toContain('requests');
    expect(longList('npm-popular')).not.toMatch(/#|\n/);
  });

  it('decide whether an install crosses projects', () => {
    expect(ran('npm install left-pad').cls).toBe('safe');
    expect(ran('pip install httpx').cls).toBe('safe');
    expect(ran('npm install left-padd-x').cls).toBe('project');
    expect(ran('pip install reqeusts-x').cls).toBe('project');
  });
});
