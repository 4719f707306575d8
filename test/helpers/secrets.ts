// Realistic secrets: none of them may reach the database, the queue or shared-context files.
export const SECRET_CORPUS: { name: string; text: string; secret: string }[] = [
  {
    name: 'anthropic key',
    text: 'export ANTHROPIC_API_KEY=sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abc',
    secret: 'sk-ant-api03-AbCdEf',
  },
  {
    name: 'openai key',
    text: 'key sk-proj-A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6 used',
    secret: 'sk-proj-A1b2C3d4E5f6',
  },
  {
    name: 'github pat',
    text: 'git clone https://ghp_16C7e42F292c6912E7710c838347Ae178B4a@github.com/x/y',
    secret: 'ghp_16C7e42F292c6912E7710c838347Ae178B4a',
  },
  {
    name: 'github fine-grained',
    text: 'GH=github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz',
    secret: 'github_pat_11ABCDEFG0123456789',
  },
  {
    name: 'aws access key',
    text: 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE',
    secret: 'AKIAIOSFODNN7EXAMPLE',
  },
  {
    name: 'aws secret',
    text: 'aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    secret: 'wJalrXUtnFEMI/K7MDENG',
  },
  {
    name: 'slack',
    text: 'SLACK=xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx',
    secret: 'xoxb-123456789012',
  },
  {
    name: 'google',
    text: 'maps key AIzaSyA-1234567890abcdefghijklmnopqrstu',
    secret: 'AIzaSyA-1234567890abcdefghijklmnopqrstu',
  },
  {
    name: 'stripe',
    text: 'stripe sk_live_4eC39HqLyjWDarjtT1zdp7dc',
    secret: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
  },
  {
    name: 'npm',
    text: '//registry.npmjs.org/:_authToken=npm_abcdefghijklmnopqrstuvwxyz0123456789',
    secret: 'npm_abcdefghijklmnopqrstuvwxyz0123456789',
  },
  {
    name: 'jwt',
    text: 'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    secret: 'dozjgNryP4J3jVmNHl0w5N',
  },
  {
    name: 'bearer',
    text: 'curl -H "Authorization: Bearer abcdef1234567890abcdef1234567890" api',
    secret: 'abcdef1234567890abcdef1234567890',
  },
  {
    name: 'url password',
    text: 'psql postgres://admin:s3cr3tP4ss@db.internal:5432/app',
    secret: 's3cr3tP4ss',
  },
  { name: 'password assignment', text: 'DB_PASSWORD="hunter2hunter2" npm start', secret: 'hunter2hunter2' },
  { name: 'password flag', text: 'mysql -u root --password=correcthorse battery', secret: 'correcthorse' },
  { name: 'json secret', text: '{"client_secret": "9f8e7d6c5b4a39281706"}', secret: '9f8e7d6c5b4a39281706' },
  {
    name: 'private key',
    text: 'key:\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n-----END OPENSSH PRIVATE KEY-----\nend',
    secret: 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmU',
  },
  {
    name: 'hf token',
    text: 'HF_TOKEN hf_abcdefghijklmnopqrstuvwxyzABCDEFGH',
    secret: 'hf_abcdefghijklmnopqrstuvwxyzABCDEFGH',
  },
];
