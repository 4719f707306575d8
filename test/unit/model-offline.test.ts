// #23.6: what `self-gen model pull` says when the hub cannot be reached: the folder and files to
// place by hand, and the proxy setting the running Node honours (the CLI run is in kb-cli.test.ts).
import { describe, expect, it } from 'vitest';
import { envProxySupported, pullFailure } from '../../src/embed/offline.js';
import { modelLocation } from '../../src/embed/model.js';
import { loadConfig } from '../../src/common/config.js';
import { tempEnv } from '../helpers/env.js';

describe('#23.6 model pull offline', () => {
  const t = tempEnv('sg-offline-');
  const loc = modelLocation(loadConfig(t.env), t.env);
  const refused = Object.assign(new TypeError('fetch failed'), {
    cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
  });

  it('Node 22.21+ / 24 honour HTTPS_PROXY with NODE_USE_ENV_PROXY=1; older ones are told to use curl', () => {
    expect(envProxySupported('20.20.2')).toBe(false);
    expect(envProxySupported('22.20.0')).toBe(false);
    expect(envProxySupported('22.21.0')).toBe(true);
    expect(envProxySupported('24.1.0')).toBe(true);
    expect(pullFailure(refused, loc, {}, '24.1.0').fix).toContain(
      'behind a proxy set HTTPS_PROXY=http://host:port and NODE_USE_ENV_PROXY=1',
    );
    expect(pullFailure(refused, loc, {}, '20.20.2').fix).toContain(
      'curl (it honours HTTPS_PROXY; Node 20.20.2 does not)',
    );
  });

  it('one line with the reason; the fix names the files, their source and the folder', () => {
    const f = pullFailure(refused, loc, {}, '24.1.0');
    expect(f.message).toBe(
      'the model could not be downloaded from https://huggingface.co (ECONNREFUSED): the vector tier stays off, everything else works',
    );
    expect(f.fix).toContain(
      `put config.json, tokenizer.json, onnx/model_quantized.onnx from https://huggingface.co/Xenova/paraphrase-multilingual-MiniLM-L12-v2/resolve/main/ into ${loc.dir}`,
    );
    expect(f.message + f.fix).not.toMatch(/\n/);
    t.cleanup();
  });
});
