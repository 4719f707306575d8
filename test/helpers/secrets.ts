// The secret corpus: realistic secrets in the shapes they take in prompts, commands, errors,
// config files and transcripts. None of them may reach the database (WAL included), a log, a
// shared-context or orchestrator file, or the screen.
//
// Every secret is generated at test time from a seeded generator and split prefixes, so the
// repository holds no literal real-looking key (secret scanners on the repo stay quiet) and a run
// is reproducible. `secret` is the part that must never appear anywhere.

export interface SecretCase {
  name: string;
  family: string;
  text: string;
  secret: string;
}

// mulberry32: small, seeded, good enough for test data.
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const HEX = '0123456789abcdef';
const ALNUM = UPPER + LOWER + DIGITS;
const B64 = ALNUM + '+/';
const URLSAFE = ALNUM + '_-';

/** Joins pieces, so no literal token prefix sits in the source as one word. */
const j = (...parts: string[]): string => parts.join('');

export function buildSecretCorpus(seed = 20261123): SecretCase[] {
  const r = rng(seed);
  const pick = (alphabet: string, n: number): string => {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(r() * alphabet.length)];
    // Generated key material always mixes in a digit and a letter (as real keys do in practice).
    if (n >= 8 && alphabet.includes('0') && !/[0-9]/.test(s)) s = DIGITS[Math.floor(r() * 10)] + s.slice(1);
    const letters = alphabet.replace(/[^A-Za-z]/g, '');
    if (n >= 8 && letters && !/[A-Za-z]/.test(s))
      s = s.slice(0, -1) + letters[Math.floor(r() * letters.length)];
    return s;
  };
  const pw = (): string => j('Pw', pick(ALNUM, 14), '!');
  const pem = (label: string): { text: string; secret: string } => {
    const body = Array.from({ length: 6 }, () => pick(B64, 64)).join('\n');
    return {
      text: `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----`,
      secret: body.slice(70, 110),
    };
  };
  const cases: SecretCase[] = [];
  const add = (family: string, name: string, text: string, secret: string): void => {
    cases.push({ family, name, text, secret });
  };

  // ---- cloud: AWS
  const akia = j('AK', 'IA', pick(UPPER + DIGITS, 16));
  add('cloud', 'aws access key id', `aws_access_key_id = ${akia}`, akia);
  const asia = j('AS', 'IA', pick(UPPER + DIGITS, 16));
  add('cloud', 'aws temporary key id', `Credentials: AccessKeyId ${asia} expires soon`, asia);
  const awsSecret = pick(B64, 40);
  add('cloud', 'aws secret env', `export AWS_SECRET_ACCESS_KEY=${awsSecret}`, awsSecret);
  const awsSecret2 = pick(B64, 40);
  add(
    'cloud',
    'aws credentials file',
    `[default]\naws_secret_access_key = ${awsSecret2}\nregion = eu-west-1`,
    awsSecret2,
  );
  const awsSecret3 = pick(B64, 40);
  add('cloud', 'aws configure set', `aws configure set aws_secret_access_key ${awsSecret3}`, awsSecret3);
  const awsSession = pick(B64, 180);
  add('cloud', 'aws session token', `AWS_SESSION_TOKEN=${awsSession}`, awsSession.slice(20, 60));
  // ---- cloud: GCP
  const aiza = j('AI', 'za', pick(URLSAFE, 35));
  add('cloud', 'gcp api key', `maps key ${aiza} rejected`, aiza);
  const ya29 = j('ya', '29.', pick(URLSAFE, 70));
  add('cloud', 'gcp oauth access token', `gcloud auth print-access-token => ${ya29}`, ya29.slice(5, 45));
  const gocspx = j('GOC', 'SPX-', pick(URLSAFE, 28));
  add(
    'cloud',
    'gcp oauth client secret',
    `{"client_id":"1234.apps.example","client_secret":"${gocspx}"}`,
    gocspx,
  );
  const saKey = pem('PRIVATE KEY');
  const saKeyId = pick(HEX, 40);
  add(
    'cloud',
    'gcp service account json',
    JSON.stringify({
      type: 'service_account',
      project_id: 'demo-project',
      private_key_id: saKeyId,
      private_key: saKey.text + '\n',
    }),
    saKey.secret.replace(/\n/g, '\\n'),
  );
  add(
    'cloud',
    'gcp service account key id',
    `{"type": "service_account", "private_key_id": "${saKeyId}"}`,
    saKeyId,
  );
  // ---- cloud: Azure
  const accountKey = pick(B64, 86) + '==';
  add(
    'cloud',
    'azure storage connection string',
    `DefaultEndpointsProtocol=https;AccountName=demoacct;AccountKey=${accountKey};EndpointSuffix=core.windows.net`,
    accountKey.slice(0, 40),
  );
  const sas = pick(ALNUM, 43);
  add(
    'cloud',
    'azure sas url',
    `https://demoacct.blob.core.windows.net/c/f.txt?sv=2022-11-02&ss=b&srt=o&sp=r&se=2030-01-01&sig=${sas}%3D`,
    sas,
  );
  const sbKey = pick(B64, 43) + '=';
  add(
    'cloud',
    'azure service bus key',
    `Endpoint=sb://demo.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey=${sbKey}`,
    sbKey.slice(0, 30),
  );
  const azSecret = j(pick(ALNUM, 3), '8Q~', pick(ALNUM, 34));
  add('cloud', 'azure ad client secret', `AZURE_CLIENT_SECRET=${azSecret}`, azSecret);
  const psAz = pick(ALNUM, 32);
  add('cloud', 'powershell env secret', `$env:ARM_CLIENT_SECRET = "${psAz}"`, psAz);
  const dop = j('dop', '_v1_', pick(HEX, 64));
  add('cloud', 'digitalocean token', `doctl auth init -t ${dop}`, dop);
  // ---- version control
  const ghp = j('gh', 'p_', pick(ALNUM, 36));
  add('vcs', 'github classic token', `git clone https://${ghp}@github.com/acme/app`, ghp);
  const gho = j('gh', 'o_', pick(ALNUM, 36));
  add('vcs', 'github oauth token', `GH_TOKEN=${gho} gh pr list`, gho);
  const ghs = j('gh', 's_', pick(ALNUM, 36));
  add('vcs', 'github app token', `remote: Invalid username or token ${ghs}`, ghs);
  const pat = j('github', '_pat_', pick(ALNUM, 22), '_', pick(ALNUM, 59));
  add('vcs', 'github fine-grained token', `token: ${pat}`, pat.slice(0, 40));
  const glpat = j('gl', 'pat-', pick(URLSAFE, 20));
  add(
    'vcs',
    'gitlab personal token',
    `curl --header "PRIVATE-TOKEN: ${glpat}" https://gitlab.example.com/api/v4/projects`,
    glpat,
  );
  const glrt = j('gl', 'rt-', pick(URLSAFE, 20));
  add('vcs', 'gitlab runner token', `gitlab-runner register --token ${glrt}`, glrt);
  const gldt = j('gl', 'dt-', pick(URLSAFE, 20));
  add('vcs', 'gitlab deploy token', `docker login registry.gitlab.com -u deploy -p ${gldt}`, gldt);
  const atbb = j('AT', 'BB', pick(ALNUM, 32));
  add('vcs', 'bitbucket app password', `BITBUCKET_APP_PASSWORD=${atbb}`, atbb);
  const xat = pick(ALNUM, 36);
  add('vcs', 'token in git remote url', `https://x-access-token:${xat}@github.com/acme/app.git`, xat);
  // ---- chat / SaaS
  const xoxb = j('xo', 'xb-', pick(DIGITS, 12), '-', pick(DIGITS, 13), '-', pick(ALNUM, 24));
  add('saas', 'slack bot token', `SLACK_BOT=${xoxb}`, xoxb.slice(0, 30));
  const xoxp = j(
    'xo',
    'xp-',
    pick(DIGITS, 12),
    '-',
    pick(DIGITS, 12),
    '-',
    pick(DIGITS, 13),
    '-',
    pick(HEX, 32),
  );
  add('saas', 'slack user token', `token=${xoxp}`, xoxp.slice(10, 50));
  const hook = j(
    'https://hooks.',
    'slack.com/services/T',
    pick(UPPER + DIGITS, 8),
    '/B',
    pick(UPPER + DIGITS, 10),
    '/',
    pick(ALNUM, 24),
  );
  add('saas', 'slack webhook', `curl -X POST ${hook} -d '{}'`, hook.slice(-24));
  const sk = j('sk', '_live_', pick(ALNUM, 24));
  add('saas', 'stripe secret key', `Stripe::APIError (key ${sk})`, sk);
  const rk = j('rk', '_live_', pick(ALNUM, 24));
  add('saas', 'stripe restricted key', `stripe listen --api-key ${rk}`, rk);
  const whsec = j('wh', 'sec_', pick(ALNUM, 32));
  add('saas', 'stripe webhook secret', `Webhook signing secret is ${whsec}`, whsec);
  const twilio = j('S', 'K', pick(HEX, 32));
  add('saas', 'twilio api key', `twilio api:core:keys:create => sid ${twilio}`, twilio);
  const sg = j('S', 'G.', pick(URLSAFE, 22), '.', pick(URLSAFE, 43));
  add('saas', 'sendgrid key', `SENDGRID=${sg}`, sg.slice(0, 40));
  const openai = j('sk', '-proj-', pick(URLSAFE, 48));
  add(
    'saas',
    'openai project key',
    `openai.AuthenticationError: Incorrect API key provided: ${openai}`,
    openai,
  );
  const openaiLegacy = j('sk', '-', pick(ALNUM, 20), 'T3Blb', 'kFJ', pick(ALNUM, 20));
  add('saas', 'openai legacy key', `OPENAI_API_KEY=${openaiLegacy}`, openaiLegacy);
  const ant = j('sk', '-ant-', 'api03-', pick(URLSAFE, 93), 'AA');
  add('saas', 'anthropic key', `export ANTHROPIC_API_KEY=${ant}`, ant.slice(0, 40));
  const npmTok = j('np', 'm_', pick(ALNUM, 36));
  add('saas', 'npm token', `//registry.npmjs.org/:_authToken=${npmTok}`, npmTok);
  const npmAuth = Buffer.from(`deploy:${pick(ALNUM, 20)}`).toString('base64');
  add('saas', 'npmrc basic _auth', `_auth=${npmAuth}\nalways-auth=true`, npmAuth);
  const pypi = j('py', 'pi-', 'AgEIcHlwaS5vcmc', pick(URLSAFE, 70));
  add('saas', 'pypi token', `twine upload -u __token__ -p ${pypi} dist/*`, pypi.slice(0, 50));
  const docker = j('dckr', '_pat_', pick(URLSAFE, 27));
  add('saas', 'docker hub token', `echo ${docker} | docker login -u acme --password-stdin`, docker);
  const dockerPw = pw();
  add('saas', 'docker login -p', `docker login -u acme -p ${dockerPw} registry.example.com`, dockerPw);
  const hf = j('h', 'f_', pick(UPPER + LOWER, 34));
  add('saas', 'huggingface token', `huggingface-cli login --token ${hf}`, hf);
  const mailgun = j('ke', 'y-', pick(HEX, 32));
  add('saas', 'mailgun key', `MAILGUN_API=${mailgun}`, mailgun);
  const discord = j('https://discord', '.com/api/webhooks/', pick(DIGITS, 18), '/', pick(URLSAFE, 68));
  add('saas', 'discord webhook', `posting to ${discord}`, discord.slice(-68));
  const tg = j(pick(DIGITS, 10), ':AA', pick(URLSAFE, 33));
  add('saas', 'telegram bot token', `bot = Bot("${tg}")`, tg);
  const shop = j('shp', 'at_', pick(HEX, 32));
  add('saas', 'shopify token', `X-Shopify-Access-Token: ${shop}`, shop);
  const vault = j('hv', 's.', pick(URLSAFE, 95));
  add('saas', 'vault token', `VAULT_TOKEN=${vault} vault kv get secret/app`, vault.slice(0, 40));
  const dapi = j('da', 'pi', pick(HEX, 32));
  add('saas', 'databricks token (preset rule)', `databricks cli rejected ${dapi} (expired)`, dapi);
  const notion = j('nt', 'n_', pick(DIGITS, 11), pick(ALNUM, 35));
  add('saas', 'notion token (preset rule)', `notion client with ${notion} failed`, notion);
  const glsa = j('gl', 'sa_', pick(ALNUM, 32), '_', pick(HEX, 8));
  add('saas', 'grafana service account token (preset rule)', `grafana auth ${glsa}`, glsa);
  const tskey = j('ts', 'key-', 'auth-', pick(ALNUM, 12), '-', pick(ALNUM, 30));
  add('saas', 'tailscale auth key', `tailscale up --authkey=${tskey}`, tskey);
  const vcp = j('vc', 'p_', pick(ALNUM, 50));
  add('saas', 'vercel token (preset rule)', `vercel project linked with ${vcp} (expired)`, vcp);
  const figd = j('fi', 'gd_', pick(URLSAFE, 40));
  add('saas', 'figma token (preset rule)', `figma export using ${figd}`, figd);
  const linear = j('lin', '_api_', pick(ALNUM, 40));
  add('saas', 'linear key', `LINEAR=${linear}`, linear);
  const sentry = j('sn', 'trys_', pick(URLSAFE, 60));
  add('saas', 'sentry auth token', `sentry-cli --auth-token ${sentry} releases new`, sentry.slice(0, 40));
  const age = j('AGE-', 'SECRET-KEY-1', pick(UPPER + DIGITS, 58));
  add('saas', 'age secret key', `# created: 2026\n${age}`, age);
  // ---- private keys
  for (const label of [
    'RSA PRIVATE KEY',
    'OPENSSH PRIVATE KEY',
    'EC PRIVATE KEY',
    'ENCRYPTED PRIVATE KEY',
    'PGP PRIVATE KEY BLOCK',
  ]) {
    const k = pem(label);
    add('private-key', `${label.toLowerCase()} (pem)`, `cat key.pem\n${k.text}\n`, k.secret);
  }
  // ---- JWT and authorization headers
  const b64url = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
  const jwt = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: pick(DIGITS, 10), iat: 1700000000 })}.${pick(URLSAFE, 43)}`;
  add('jwt', 'jwt', `token expired: ${jwt}`, jwt.split('.')[2]!);
  const bearer = pick(URLSAFE, 40);
  add('jwt', 'bearer header', `curl -H "Authorization: Bearer ${bearer}" https://api.example.com`, bearer);
  const basic = Buffer.from(`admin:${pick(ALNUM, 16)}`).toString('base64');
  add('jwt', 'basic auth header', `Authorization: Basic ${basic}`, basic);
  const xapi = pick(ALNUM, 32);
  add('jwt', 'x-api-key header', `curl -H 'x-api-key: ${xapi}' https://api.example.com/v1`, xapi);
  // ---- connection strings
  const pg = pw();
  add('connection-string', 'postgres url', `psql postgres://app:${pg}@db.internal:5432/app`, pg);
  const my = pw();
  add('connection-string', 'mysql url', `DATABASE_URL=mysql://root:${my}@127.0.0.1:3306/shop`, my);
  const mongo = pw();
  add(
    'connection-string',
    'mongodb+srv url',
    `mongosh "mongodb+srv://admin:${mongo}@cluster0.example.net/test"`,
    mongo,
  );
  const redis = pw();
  add(
    'connection-string',
    'redis url without user',
    `redis-cli -u redis://:${redis}@cache.internal:6379/0`,
    redis,
  );
  const amqp = pw();
  add('connection-string', 'amqp url', `CELERY_BROKER_URL=amqp://guest:${amqp}@rabbit:5672//`, amqp);
  const ado = pw();
  add(
    'connection-string',
    'ado.net connection string',
    `Server=tcp:db.example.net,1433;Database=app;User ID=sa;Password=${ado};`,
    ado,
  );
  // ---- basic auth in URLs
  const https = pw();
  add(
    'url-credentials',
    'https basic auth url',
    `pip install -i https://deploy:${https}@pypi.example.com/simple pkg`,
    https,
  );
  const ftp = pw();
  add('url-credentials', 'ftp url', `wget ftp://backup:${ftp}@ftp.example.com/dump.sql`, ftp);
  // ---- CLI password flags
  const myP = pw();
  add('cli-flag', 'mysql -p', `mysql -h db -u root -p${myP} shop`, myP);
  const dump = pw();
  add('cli-flag', 'mysqldump --password=', `mysqldump --user=root --password=${dump} shop > dump.sql`, dump);
  const curlU = pw();
  add('cli-flag', 'curl -u user:pass', `curl -u alice:${curlU} https://api.example.com/me`, curlU);
  const curlUser = pw();
  add(
    'cli-flag',
    'curl --user user:pass',
    `curl --user bob:${curlUser} -X POST https://api.example.com`,
    curlUser,
  );
  const sshpass = pw();
  add('cli-flag', 'sshpass -p', `sshpass -p '${sshpass}' ssh deploy@10.0.0.5`, sshpass);
  const pgpass = pw();
  add('cli-flag', 'PGPASSWORD env prefix', `PGPASSWORD=${pgpass} psql -h db -U app`, pgpass);
  const tok = pick(HEX, 40);
  add('cli-flag', '--token value', `vercel deploy --token ${tok}`, tok);
  const apiKeyFlag = pick(ALNUM, 32);
  add('cli-flag', '--api-key=value', `heroku-cli --api-key=${apiKeyFlag} apps`, apiKeyFlag);
  // ---- assignments (entropy checked for key/token/auth names)
  const django = j('django-insecure-', pick(LOWER + DIGITS + '!@#%^&*(-_=+)', 50).replace(/[&()]/g, 'x'));
  add('assignment', 'SECRET_KEY', `SECRET_KEY=${django}`, django.slice(16));
  const jwtSecret = pick(ALNUM, 48);
  add('assignment', 'JWT_SECRET_KEY', `JWT_SECRET_KEY=${jwtSecret}`, jwtSecret);
  const base = pick(HEX, 128);
  add('assignment', 'SECRET_KEY_BASE', `SECRET_KEY_BASE=${base} rails s`, base.slice(0, 40));
  const enc = pick(B64, 44);
  add('assignment', 'ENCRYPTION_KEY', `ENCRYPTION_KEY=${enc}`, enc);
  const dbpw = pw();
  add('assignment', 'DB_PASSWORD quoted', `DB_PASSWORD="${dbpw}" npm start`, dbpw);
  const apiTok = pick(HEX, 40);
  add('assignment', 'export API_TOKEN', `export API_TOKEN=${apiTok}`, apiTok);
  const ymlSecret = pick(ALNUM, 30);
  add(
    'assignment',
    'yaml client_secret',
    `oauth:\n  client_id: web\n  client_secret: ${ymlSecret}\n`,
    ymlSecret,
  );
  const jsonKey = pick(ALNUM, 32);
  add('assignment', 'json apiKey', `{"service": "maps", "apiKey": "${jsonKey}"}`, jsonKey);
  const tomlPw = pw();
  add('assignment', 'toml password', `[database]\nuser = "app"\npassword = "${tomlPw}"`, tomlPw);
  const authKey = pick(ALNUM, 40);
  add('assignment', 'AUTH_KEY', `AUTH_KEY=${authKey}`, authKey);
  const cred = pw();
  add('assignment', 'credentials in python', `conn = connect(host="db", credentials="${cred}")`, cred);
  const tfvar = pick(ALNUM, 36);
  add('assignment', 'terraform variable', `TF_VAR_access_token=${tfvar} terraform apply`, tfvar);
  // ---- netrc
  const netrc = pw();
  add('netrc', 'netrc one line', `machine api.example.com login bob password ${netrc}`, netrc);
  const netrc2 = pw();
  add('netrc', 'netrc multi-line', `machine git.example.com\n  login alice\n  password ${netrc2}\n`, netrc2);
  return cases;
}

export const SECRET_CORPUS: SecretCase[] = buildSecretCorpus();
