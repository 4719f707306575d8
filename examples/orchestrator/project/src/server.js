import { createServer } from 'node:http';
import { login } from './auth/login.js';

export function handle(req, body) {
  if (req.method === 'POST' && req.url === '/login') return login(body.user, body.password);
  return { status: 404 };
}

export function start(port = 3000) {
  return createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const out = handle(req, data ? JSON.parse(data) : {});
      res.writeHead(out.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(out));
    });
  }).listen(port);
}
