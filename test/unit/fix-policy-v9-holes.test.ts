// Mechanisms for the holes the blind corpus v9 found (its lines are not copied here): a conda or
// pub.dev package crosses only when its name is a well-known one (both registries take new names);
// a lock file is the package manager's to write, so anything else writing it (a redirect, a move, a
// copy) keeps the fix in its project; Conan's and vcpkg's manifests configure the build like
// package.json does. Each with the ordinary form that still crosses.
import { describe, expect, it } from 'vitest';
import { judgeFix } from '../helpers/fix-policy.js';

const ran = (c: string) => judgeFix(`ran \`${c}\``, 'same-command');
const edit = (t: string) => judgeFix(t, 'same-file');

describe('v9 holes: closed by mechanism, the ordinary forms still cross', () => {
  it.each([
    ['conda install pandass', 'conda install pandas'],
    ['conda install -c conda-forge scikit-learnn', 'conda install -c conda-forge scikit-learn'],
    ['conda create -n env python=3.11 tensorfloww', 'conda create -n env python=3.11 numpy'],
    ['conda install nb-conda-kernelz', 'conda install nb_conda_kernels'],
    ['flutter pub add htttp', 'flutter pub add http'],
    ['dart pub add providerr', 'dart pub add provider'],
    ['dart pub add dev:mokito', 'dart pub add dev:mockito'],
    [
      "jq 'del(.packages)' package-lock.json > tmp.json && mv tmp.json package-lock.json",
      "jq '.name' package.json > name.txt",
    ],
    ['cp ../other/yarn.lock yarn.lock', 'cp src/a.ts src/b.ts'],
    ["sed 's/a/b/' Cargo.lock > Cargo.lock.new && mv Cargo.lock.new Cargo.lock", 'cargo update'],
    ['echo x >> poetry.lock', 'echo x >> notes.txt'],
  ])('not everywhere: %s; crosses: %s', (bad, good) => {
    expect(ran(bad).cls, bad).not.toBe('safe');
    expect(ran(good).cls, good).toBe('safe');
  });

  it('an edit of the Conan or vcpkg manifest stays in its project; a document of the same kind crosses', () => {
    for (const t of [
      'Edit conanfile.txt: `[requires]` → `[requires] fmt/10.2.1`',
      'Edit conanfile.txt: `zlib/1.3.1` → `zlib/1.2.11`',
      'Edit conanfile.py: `requires = "fmt/10.2.1"` → `requires = "fmt/10.2.1@someone/stable"`',
      'Edit vcpkg.json: `"dependencies": [` → `"dependencies": [ "openssl",`',
      'Edit package-lock.json: `"lockfileVersion": 3,` → `"lockfileVersion": 2,`',
    ])
      expect(edit(t).cls, t).not.toBe('safe');
    expect(edit('Edit docs/notes.txt: `Run make.` → `Run make test.`').cls).toBe('safe');
  });
});
