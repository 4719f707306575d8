// Mechanisms for the holes the blind corpus v10 found (its lines are not copied here): a word `@file`
// makes many compilers and runners read more arguments from that file, so the file it names is judged
// as a path; a word `NAME=value` is read by many programs as a setting whose value may be a path, so
// each side is judged. Each with the ordinary form that still crosses.
import { describe, expect, it } from 'vitest';
import { judgeFix } from '../helpers/fix-policy.js';

const ran = (c: string) => judgeFix(`ran \`${c}\``, 'same-command');

describe('v10 holes: closed by mechanism, the ordinary forms still cross', () => {
  it.each([
    ['javac @/opt/shared/javac.args -d out src/Main.java', 'javac @javac.args -d out src/Main.java'],
    ['gcc @~/.cache/gcc.rsp -o app main.c', 'gcc @build/gcc.rsp -o app main.c'],
    ['tsc @../other/tsc.args', 'tsc -p tsconfig.json'],
    [
      'dotnet test -- RunConfiguration.TestAdaptersPaths=/opt/x',
      'dotnet test -- RunConfiguration.TestSessionTimeout=0',
    ],
    ['dotnet test -- NUnit.WorkDirectory=~/w', 'dotnet test -- NUnit.NumberOfTestWorkers=2'],
  ])('not everywhere: %s; crosses: %s', (bad, good) => {
    expect(ran(bad).cls, bad).not.toBe('safe');
    expect(ran(good).cls, good).toBe('safe');
  });

  it('a scoped npm package is a package, not an argument file', () => {
    expect(ran('npm install @types/node').cls).toBe('safe');
    expect(ran('npm install -D @testing-library/react').cls).toBe('safe');
  });
});
