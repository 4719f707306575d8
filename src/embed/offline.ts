// What `self-gen model pull` says when the download fails: the reason in one line, and a fix that
// works on a machine without access (where to put the files by hand) or behind a proxy (which
// setting this Node honours). No network here: only text.
import { DEFAULT_MODEL, type ModelLocation } from './model.js';

const NET_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'CERT_HAS_EXPIRED',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

/** The network error code behind a failed download (fetch wraps it in `cause`), or null. */
export function networkCode(e: unknown): string | null {
  for (let x: unknown = e, i = 0; x && i < 5; x = (x as { cause?: unknown }).cause, i++) {
    const code = (x as { code?: unknown }).code;
    if (typeof code === 'string' && NET_CODES.has(code)) return code;
  }
  return null;
}

/** Node's fetch honours HTTPS_PROXY with NODE_USE_ENV_PROXY=1 from Node 22.21 and 24. */
export function envProxySupported(version = process.versions.node): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major >= 24 || (major === 22 && minor >= 21) || major === 23;
}

export function pullFailure(
  e: unknown,
  loc: ModelLocation,
  env: NodeJS.ProcessEnv,
  nodeVersion = process.versions.node,
): { message: string; fix: string } {
  const host = (env.HF_ENDPOINT || 'https://huggingface.co').replace(/\/+$/, '');
  const code = networkCode(e);
  const cause = (e as { cause?: { message?: unknown } })?.cause?.message;
  const reason =
    code ??
    [String((e as Error)?.message ?? e), typeof cause === 'string' ? cause : ''].filter(Boolean).join(': ');
  const model = loc.fromModelPath ? DEFAULT_MODEL : loc.id;
  const files = loc.required.join(', ');
  const proxy = envProxySupported(nodeVersion)
    ? 'behind a proxy set HTTPS_PROXY=http://host:port and NODE_USE_ENV_PROXY=1'
    : `behind a proxy download them with curl (it honours HTTPS_PROXY; Node ${nodeVersion} does not)`;
  return {
    message: `the model could not be downloaded from ${host} (${reason}): the vector tier stays off, everything else works`,
    fix:
      `put ${files} from ${host}/${model}/resolve/main/ into ${loc.dir} (or any folder named by embedding.modelPath); ` +
      `${proxy}; a mirror: HF_ENDPOINT=<url>; then run \`self-gen model pull\` again`,
  };
}
