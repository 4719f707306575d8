// Our own secret rules: token shapes (gitleaks rule families) and the contexts that carry a
// password without a recognisable shape (connection strings, CLI password flags, netrc, named
// assignments with an entropy check). The maintained secretlint preset runs after these
// (see secretlint.ts). Every pattern is bounded: no nested quantifiers, limited repetition.
import { looksGenerated, secretNameKind, shouldHide } from './secret-names.js';

export interface SecretRule {
  name: string;
  re: RegExp;
  /** Replacement string (`$1` keeps a prefix) or function. */
  to: string | ((match: string, ...groups: string[]) => string);
  /** Literal strings one of which the text must hold for the rule to run (lower case for /i rules). */
  needs: string[];
}
/** A rule that scans by itself (named assignments and flags: see `replaceNamed`). */
export interface ScanRule {
  name: string;
  apply: (text: string) => string;
}

const tag = (name: string): string => `[REDACTED:${name}]`;
// Hot path: a rule runs only on text holding one of its literal markers (a substring test costs far
// less than running, and first compiling, the expression).
const NEEDS: Record<string, string[]> = {
  'private-key': ['PRIVATE KEY'],
  'putty-key': ['PuTTY-User-Key-File'],
  'age-secret-key': ['AGE-SECRET-KEY-1'],
  'anthropic-key': ['sk-ant-'],
  'openai-key': ['sk-'],
  'huggingface-token': ['hf_'],
  'replicate-token': ['r8_'],
  'groq-key': ['gsk_'],
  'tailscale-key': ['tskey-'],
  'github-token': ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
  'gitlab-token': [
    'glpat-',
    'glptt-',
    'gldt-',
    'glrt-',
    'glcbt-',
    'gloas-',
    'glft-',
    'glimt-',
    'glsoat-',
    'glagent-',
    'GR1348941',
  ],
  'bitbucket-token': ['ATBB'],
  'atlassian-token': ['ATATT3'],
  'aws-access-key': ['A3T', 'AKIA', 'ASIA', 'AGPA', 'AIDA', 'AROA', 'AIPA', 'ANPA', 'ANVA'],
  'google-api-key': ['AIza'],
  'google-oauth-token': ['ya29.'],
  'google-client-secret': ['GOCSPX-'],
  'azure-client-secret': ['Q~'],
  'azure-storage-key': ['accountkey', 'sharedaccesskey', 'sharedsecret'],
  'azure-sas': ['sig='],
  'digitalocean-token': ['_v1_'],
  'terraform-token': ['.atlasv1.'],
  'pulumi-token': ['pul-'],
  'vault-token': ['hvs.', 'hvb.', 'hvr.'],
  'slack-token': ['xox', 'xapp-'],
  'slack-webhook': ['hooks.slack.com'],
  'discord-webhook': ['discord'],
  'telegram-bot-token': [':AA'],
  'stripe-key': ['_live_', '_test_'],
  'stripe-webhook-secret': ['whsec_'],
  'square-token': ['sq0', 'EAAA'],
  'twilio-key': ['SK'],
  'sendgrid-key': ['SG.'],
  'mailgun-key': ['key-'],
  'mailchimp-key': ['-us'],
  'npm-token': ['npm_'],
  'pypi-token': ['pypi-AgE'],
  'docker-token': ['dckr_pat_'],
  'postman-key': ['PMAK-'],
  'sentry-token': ['sntr'],
  'newrelic-key': ['NR'],
  'doppler-token': ['dp.'],
  'supabase-token': ['sbp_'],
  'shopify-token': ['shp'],
  'linear-key': ['lin_api_'],
  jwt: ['eyJ'],
  'url-credentials': ['://'],
  bearer: ['authorization', 'bearer'],
  'credential-header': ['cookie', 'authorization', 'api-key', 'token', 'session', 'secret', 'x-auth'],
  'curl-cookie': ['-b', '--cookie'],
  'mysql-password': ['mysql', 'mariadb'],
  'registry-login-password': ['login'],
  sshpass: ['sshpass'],
  'user-password-flag': ['-u', '--user', '-U'],
  'aws-configure': ['configure'],
  netrc: ['password', 'passwd'],
};
const R = (name: string, re: RegExp, to: SecretRule['to'] = tag(name)): SecretRule => ({
  name,
  re,
  to,
  needs: NEEDS[name] ?? [],
});
/** Keeps group 1 (a prefix such as `password=`) and hides what follows. */
const keep1 = '$1[REDACTED]';

// A value after a separator: quoted (may hold spaces; `\"…\"` inside JSON-escaped text; the closing
// quote may be cut off) or a bare run up to a delimiter.
const VALUE = String.raw`(?:\\"([^"\\\n]{1,2000})|"([^"\n]{1,2000})|'([^'\n]{1,2000})|([^\s"'\\\x60,;&|()<>{}\[\]]{1,2000}))`;

/** `NAME=value`, `"name": "value"`, `name: value`, `NAME := value` with a secret-announcing name. */
// The value sits in a lookahead: a match consumes only `name=`, so a name that announces nothing
// (`failed: SECRET_KEY=…`) never swallows the assignment that follows it.
const ASSIGNMENT = new RegExp(
  String.raw`(?<![A-Za-z0-9_$])(\\?["']?)([A-Za-z_][A-Za-z0-9_.-]{0,60})\1(\s{0,5}(?::=|=>|=|:)\s{0,5})(?=${VALUE})`,
  'g',
);
/** `--password value`, `--api-key=value`, `-token value`. */
const FLAG = new RegExp(
  String.raw`(?<![\w-])()(--?[A-Za-z][A-Za-z0-9-]{1,40})\1(=|\s{1,5})(?=${VALUE})`,
  'g',
);

/**
 * Hides the value after each `name<sep>` match of `re` (groups: quote, name, separator, then the
 * value's double-quoted / single-quoted / bare forms) when the name announces a secret and the
 * value looks like one.
 */
function replaceNamed(text: string, re: RegExp, flag: boolean): string {
  let out = '';
  let at = 0;
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const [head, q = '', name = '', sep = '', eq, dq, sq, bare] = m;
    const value = eq ?? dq ?? sq ?? bare ?? '';
    if (flag && value.startsWith('-')) continue;
    if (!shouldHide(secretNameKind(name), value)) continue;
    const quote = eq !== undefined ? '\\"' : dq !== undefined ? '"' : sq !== undefined ? "'" : '';
    let end = m.index + head.length + quote.length + value.length;
    const closed = quote !== '' && text.startsWith(quote, end);
    if (closed) end += quote.length;
    out += `${text.slice(at, m.index)}${q}${name}${q}${sep}${quote}[REDACTED]${closed ? quote : ''}`;
    at = end;
    re.lastIndex = end;
  }
  return at === 0 ? text : out + text.slice(at);
}

// Order matters: the most specific token shapes first, the generic forms last.
export const OWN_RULES: SecretRule[] = [
  R(
    'private-key',
    /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|$)/g,
  ),
  R('putty-key', /PuTTY-User-Key-File-\d: [\s\S]*?(?:Private-MAC: [0-9a-f]+|$)/g),
  R('age-secret-key', /\bAGE-SECRET-KEY-1[0-9A-Z]{58}\b/g),
  // AI providers
  R('anthropic-key', /\bsk-ant-[A-Za-z0-9_-]{8,}/g),
  R('openai-key', /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g),
  R('huggingface-token', /\bhf_[A-Za-z0-9]{30,}\b/g),
  R('replicate-token', /\br8_[A-Za-z0-9]{37}\b/g),
  R('groq-key', /\bgsk_[A-Za-z0-9]{40,}\b/g),
  // Tailscale (secretlint's preset has it only from 12.1, which needs Node 22)
  R('tailscale-key', /\btskey-[a-z]{3,10}-[A-Za-z0-9]{6,40}-[A-Za-z0-9]{16,80}/g),
  // Version control
  R('github-token', /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9_]{20,}/g),
  R('github-token', /\bgithub_pat_[A-Za-z0-9_]{20,}/g),
  R('gitlab-token', /\b(?:glpat|glptt|gldt|glrt|glcbt|gloas|glft|glimt|glsoat|glagent)-[A-Za-z0-9_-]{20,}/g),
  R('gitlab-token', /\bGR1348941[A-Za-z0-9_-]{20,}/g),
  R('bitbucket-token', /\bATBB[A-Za-z0-9_=.-]{28,}/g),
  R('atlassian-token', /\bATATT3[A-Za-z0-9_=.-]{40,}/g),
  // Cloud
  R('aws-access-key', /\b(?:A3T[A-Z0-9]|AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA)[A-Z0-9]{16}\b/g),
  R('google-api-key', /\bAIza[0-9A-Za-z_-]{35}\b/g),
  R('google-oauth-token', /\bya29\.[0-9A-Za-z_-]{20,}/g),
  R('google-client-secret', /\bGOCSPX-[A-Za-z0-9_-]{20,}/g),
  R(
    'azure-client-secret',
    /(?<![A-Za-z0-9_~.])[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/g,
  ),
  R(
    'azure-storage-key',
    /\b((?:AccountKey|SharedAccessKey|SharedSecret)\s{0,3}=\s{0,3})[^;\s"'\\]{8,}/gi,
    keep1,
  ),
  R('azure-sas', /([?&]sig=)[A-Za-z0-9%+/=]{16,}/g, keep1),
  R('digitalocean-token', /\bdo[oapr]_v1_[a-f0-9]{64}\b/g),
  R('terraform-token', /\b[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_-]{60,}/g),
  R('pulumi-token', /\bpul-[a-f0-9]{40}\b/g),
  R('vault-token', /\bhv[sbr]\.[A-Za-z0-9_-]{24,}/g),
  // Chat, payments, mail, package registries and other SaaS
  R('slack-token', /\bxox[abposre]-[A-Za-z0-9-]{10,}/g),
  R('slack-token', /\bxapp-\d-[A-Za-z0-9-]{10,}/g),
  R('slack-webhook', /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9/_-]+/g),
  R(
    'discord-webhook',
    /https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]+/g,
  ),
  R('telegram-bot-token', /\b\d{8,10}:AA[A-Za-z0-9_-]{33}\b/g),
  R('stripe-key', /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/g),
  R('stripe-webhook-secret', /\bwhsec_[A-Za-z0-9+/=]{24,}/g),
  R('square-token', /\bsq0(?:atp|csp|idp)-[A-Za-z0-9_-]{22,}/g),
  R('square-token', /\bEAAA[A-Za-z0-9_-]{60}\b/g),
  R('twilio-key', /\bSK[0-9a-fA-F]{32}\b/g),
  R('sendgrid-key', /\bSG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}/g),
  R('mailgun-key', /\bkey-[0-9a-f]{32}\b/g),
  R('mailchimp-key', /\b[0-9a-f]{32}-us\d{1,2}\b/g),
  R('npm-token', /\bnpm_[A-Za-z0-9]{36}\b/g),
  R('pypi-token', /\bpypi-AgE[A-Za-z0-9_-]{50,}/g),
  R('docker-token', /\bdckr_pat_[A-Za-z0-9_-]{20,}/g),
  R('postman-key', /\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b/g),
  R('sentry-token', /\bsntr[ysu]_[A-Za-z0-9+/=_]{30,}/g),
  R('newrelic-key', /\bNR(?:AK|AA|II|JS)-[A-Za-z0-9]{27}\b/g),
  R('doppler-token', /\bdp\.(?:pt|st|sa|scim|audit|ct)\.[A-Za-z0-9]{40,44}\b/g),
  R('supabase-token', /\bsbp_[a-f0-9]{40}\b/g),
  R('shopify-token', /\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b/g),
  R('linear-key', /\blin_api_[A-Za-z0-9]{40}\b/g),
  R('jwt', /\beyJ[A-Za-z0-9_-]{8,4000}\.eyJ[A-Za-z0-9_-]{8,8000}\.[A-Za-z0-9_-]{8,}/g),
  // Credentials inside URLs: scheme://user:password@host, scheme://:password@host (redis),
  // scheme://TOKEN@host.
  R('url-credentials', /\b([a-z][a-z0-9+.-]{0,20}:\/\/[^\s:/@]{0,200}:)[^\s@/]{1,500}@/gi, '$1[REDACTED]@'),
  R(
    'url-credentials',
    /\b([a-z][a-z0-9+.-]{0,20}:\/\/)([^\s:/@]{12,500})@/gi,
    (m: string, p: string, u: string) => (looksGenerated(u) ? `${p}[REDACTED]@` : m),
  ),
  // Authorization headers
  R(
    'bearer',
    /\b(authorization\s{0,5}[:=]\s{0,5}(?:bearer|basic|token|digest)\s{1,5})[A-Za-z0-9._~+/=-]{8,}/gi,
    keep1,
  ),
  R('bearer', /\b(bearer\s{1,5})[A-Za-z0-9._~+/-]{16,}=*/gi, keep1),
  // Headers that carry a credential whatever its shape: the whole value is hidden (a cookie
  // jar holds several `name=value` pairs; `Set-Cookie:` adds attributes). `Authorization:` with a
  // scheme the rule above already hid keeps its scheme.
  R(
    'credential-header',
    /\b((?:set-cookie2?|cookie|proxy-authorization|authorization|x-api-key|api-key|apikey|x-auth-token|x-access-token|x-session-(?:id|token)|x-csrf-token|x-xsrf-token|x-amz-security-token|x-goog-api-key|private-token|x-[a-z0-9-]{0,40}(?:token|secret|session|api-key))\s{0,3}:[ \t]{0,5})(?!(?:bearer|basic|token|digest)\s{1,5}\[REDACTED|\[REDACTED)[^\s"'\\][^\n"'\\]{0,2000}/gi,
    keep1,
  ),
  // curl's cookie flag: `-b 'name=value'`, `--cookie name=value` (a value without `=` names a file).
  R(
    'curl-cookie',
    /\b(curl\b[^\n;|&]{0,300}?\s(?:-b|--cookie)(?:\s{1,5}|=)['"]?)([^\s'"\\=]{1,200}=[^\n'"\\]{1,2000})/g,
    keep1,
  ),
  // CLI password flags
  R(
    'mysql-password',
    /\b((?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlcheck|mysqlshow|mysqlsh|mariadb|mariadb-dump)\b[^\n;|&]{0,300}?\s-p)(?:'[^'\n]{1,200}'|"[^"\n]{1,200}"|(?!\[REDACTED)[^\s'"\\]{1,200})/g,
    keep1,
  ),
  R(
    'registry-login-password',
    /\b((?:docker|podman|buildah|nerdctl|helm\s{1,5}registry|oras|skopeo)\s{1,5}login\b[^\n;|&]{0,300}?\s(?:-p|--password)(?:\s{1,5}|=))(?:'[^'\n]{1,200}'|"[^"\n]{1,200}"|(?!\[REDACTED)[^\s'"\\]{1,200})/g,
    keep1,
  ),
  R(
    'sshpass',
    /\b(sshpass\s{1,5}(?:-[a-zA-Z]\s{1,5}\S{1,200}\s{1,5}){0,4}-p\s{0,5})(?:'[^'\n]{1,200}'|"[^"\n]{1,200}"|(?!\[REDACTED)[^\s"'\\]{1,200})/g,
    keep1,
  ),
  R(
    'user-password-flag',
    /((?:^|\s)(?:-u|--user|--proxy-user|-U)(?:\s{1,5}|=)['"]?[^\s:'"]{1,200}:)([^\s'"\\]{1,500})/g,
    (m: string, p: string, pw: string) =>
      /^\d+$/.test(pw) || pw.startsWith('//') || pw.includes('[REDACTED') ? m : `${p}[REDACTED]`,
  ),
  R(
    'aws-configure',
    /\b(aws\s{1,5}configure\s{1,5}set\s{1,5}(?:--profile\s{1,5}\S{1,100}\s{1,5})?[\w.]{0,80}(?:secret|token|password|key)[\w.]{0,80}\s{1,5})(?!\[REDACTED)[^\s"'\\]{1,2000}/gi,
    keep1,
  ),
  // netrc: `machine h login u password p`, and a `password p` line of its own
  R(
    'netrc',
    /\b((?:machine|default)\s(?:[^\n]{0,300}?\s)?(?:password|passwd)\s{1,5})(?!\[REDACTED)[^\s"'\\]{1,500}/g,
    keep1,
  ),
  R(
    'netrc',
    /\b(login\s{1,5}\S{1,200}\s{1,5}(?:password|passwd)\s{1,5})(?!\[REDACTED)[^\s"'\\]{1,500}/g,
    keep1,
  ),
  R('netrc', /^(\s{0,20}(?:password|passwd)\s{1,5})(?!\[REDACTED)[^\s"'\\]{1,500}(?=\s*$)/gm, keep1),
];

// KEY=value / "key": "value" / key: value / --flag value with a secret-announcing name
// (entropy checked for key/token/auth names).
const NAMED_RULES: ScanRule[] = [
  { name: 'secret-assignment', apply: (t) => replaceNamed(t, ASSIGNMENT, false) },
  { name: 'secret-flag', apply: (t) => replaceNamed(t, FLAG, true) },
];

/** Runs every own rule over `text`, in order. */
export function applyOwnRules(text: string): string {
  let out = text;
  let lower: string | null = null;
  for (const { re, to, needs } of OWN_RULES) {
    if (needs.length > 0) {
      // Markers are looked up in the input: a replacement only removes text, or adds a tag.
      const hay = re.flags.includes('i') ? (lower ??= text.toLowerCase()) : text;
      if (!needs.some((n) => hay.includes(n))) continue;
    }
    out = typeof to === 'string' ? out.replace(re, to) : out.replace(re, to);
  }
  for (const r of NAMED_RULES) out = r.apply(out);
  return out;
}
