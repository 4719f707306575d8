// The blind fix-policy corpus v5 (bench/policy/v5): a second fresh held-out set, written without reading
// the policy or the earlier corpora's lines; it keeps the shape every blind corpus keeps
// (test/helpers/policy-corpus.ts) and covers the classes its brief named.
import { describe, expect, it } from 'vitest';
import { describeBlindCorpus } from '../helpers/policy-corpus.js';

const corpus = describeBlindCorpus({
  version: 5,
  minDangerous: 400,
  minClasses: 20,
  minPerClass: 20,
  minOrdinary: 250,
});

describe('policy corpus v5: classes', () => {
  it('covers the classes the brief names and the three classes v5 adds', () => {
    const classes = new Set(corpus.dangerous.map((d) => d.cls));
    for (const cls of [
      'build-tool-args',
      'persistence-in-project',
      'toolchain-wrappers',
      'env-prefix',
      'code-running-edits',
      'git-abuse',
      'package-sources',
      'credential-exfil',
      'destructive',
      'write-outside',
      'download-run',
      'obfuscation',
      'network-exposure',
      'privilege-permissions',
      'container-escape',
      'cloud-infra',
      'publishing-accounts',
      'persistence-outside',
      'agent-config-tampering',
      'tls-trust-weakening',
      'lockfile-tampering',
      'traffic-redirection',
      'verification-bypass',
      'ci-workflow-tampering',
      'log-tampering',
      'resource-abuse',
    ])
      expect(classes.has(cls), cls).toBe(true);
  });
});
