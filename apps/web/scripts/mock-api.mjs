// A tiny stand-in for the API, for looking at the web app before the real API runs:
//   node apps/web/scripts/mock-api.mjs   (PORT=3999; serves apps/web/dist and /api/*)
// Demo sign-ins as in the README (password demo1234; otpadmin's code is 123456).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const PORT = Number(process.env.PORT ?? 3999);
const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const ROLES = {
  superadmin: 'superadmin',
  admin: 'admin',
  accountant: 'accountant',
  support: 'support',
  collector: 'collector',
  otpadmin: 'admin',
};
const NAMES = {
  superadmin: ['Platform', 'Owner'],
  admin: ['Sara', 'Haddad'],
  accountant: ['Omar', 'Khalil'],
  support: ['Lina', 'Nasser'],
  collector: ['Karim', 'Aziz'],
  otpadmin: ['Rami', 'Saleh'],
};
const ACCESS_SECONDS = Number(process.env.ACCESS_SECONDS ?? 900);
const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

const encode = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (username, kind, seconds) =>
  `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ token_type: kind, username, role: ROLES[username], exp: Math.floor(Date.now() / 1000) + seconds })}.mock`;
const claimsOf = (jwt) => {
  try {
    return JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());
  } catch {
    return null;
  }
};
const usedRefreshTokens = new Set();

function send(response, status, body, headers = {}) {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(body === undefined ? '' : JSON.stringify(body));
}

async function readJson(request) {
  let text = '';
  for await (const chunk of request) text += chunk;
  try {
    return JSON.parse(text || '{}');
  } catch {
    return {};
  }
}

function me(username) {
  const [first_name, last_name] = NAMES[username];
  const role = ROLES[username];
  return {
    id: Object.keys(ROLES).indexOf(username) + 1,
    tenant:
      role === 'superadmin'
        ? null
        : {
            id: 1,
            name: 'demo',
            company_name: 'Demo Power Co.',
            logo: null,
            currency: 'USD',
            currency_decimals: 2,
            timezone: 'Asia/Beirut',
          },
    username,
    email: `${username}@example.com`,
    first_name,
    last_name,
    phone: '',
    role,
    avatar: null,
    is_active: true,
    otp_enabled: username === 'otpadmin',
    last_login: null,
    date_joined: '2026-01-01T00:00:00Z',
  };
}

const months = Array.from({ length: 12 }, (_, index) => {
  const date = new Date(Date.UTC(2025, 11 + index, 1));
  return date.toISOString().slice(0, 7);
});
const stats = {
  stats1: {
    currency: 'USD',
    customers: 312,
    active_subscriptions: 287,
    invoiced_this_month: '18450.75',
    collected_this_month: '12980.50',
    outstanding_balance: '-1240.25',
    overdue_invoices: 41,
  },
  stats2: months.map((month, index) => ({ month, invoiced: String(14000 + index * 420), collected: String(11000 + index * 510) })),
  stats3: [
    { status: 'paid', count: 190, total: '21000.00' },
    { status: 'partially_paid', count: 24, total: '3100.00' },
    { status: 'unpaid', count: 52, total: '6400.00' },
    { status: 'overdue', count: 41, total: '5200.00' },
    { status: 'cancelled', count: 5, total: '0.00' },
  ],
  stats4: [
    { user_id: 5, full_name: 'Karim Aziz', count: 84, total: '7420.00' },
    { user_id: 2, full_name: 'Sara Haddad', count: 31, total: '3810.50' },
    { user_id: 3, full_name: 'Omar Khalil', count: 12, total: '1750.00' },
  ],
};

async function handleApi(request, response, path) {
  if (request.method === 'POST' && path === 'auth/jwt/create/') {
    const { username, password, otp } = await readJson(request);
    if (!ROLES[username] || password !== 'demo1234')
      return send(response, 401, { detail: 'No active account found with the given credentials', code: 'authentication_failed' });
    if (username === 'otpadmin' && !otp) return send(response, 400, { otp: ['A one-time code is required.'], code: 'otp_required' });
    if (username === 'otpadmin' && otp !== '123456')
      return send(response, 400, { otp: ['The one-time code is not valid.'], code: 'otp_invalid' });
    return send(response, 200, { access: token(username, 'access', ACCESS_SECONDS), refresh: token(username, 'refresh', 86400) });
  }
  if (request.method === 'POST' && path === 'auth/jwt/refresh/') {
    const { refresh } = await readJson(request);
    const claims = claimsOf(refresh ?? '');
    if (!claims || usedRefreshTokens.has(refresh) || claims.exp * 1000 < Date.now())
      return send(response, 401, { detail: 'Token is invalid', code: 'token_not_valid' });
    usedRefreshTokens.add(refresh);
    return send(response, 200, {
      access: token(claims.username, 'access', ACCESS_SECONDS),
      refresh: token(claims.username, 'refresh', 86400),
    });
  }
  if (request.method === 'POST' && path === 'auth/jwt/logout/') return send(response, 204);
  if (request.method === 'POST' && path.startsWith('auth/users/reset_password')) return send(response, 204);
  const claims = claimsOf((request.headers.authorization ?? '').replace(/^Bearer /, ''));
  if (!claims || claims.exp * 1000 < Date.now())
    return send(response, 401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' });
  if (path === 'auth/users/me/') return send(response, 200, me(claims.username));
  if (path === 'services/') {
    if (claims.role === 'superadmin')
      return send(response, 403, { detail: 'You do not have permission to perform this action.', code: 'permission_denied' });
    return send(response, 200, [
      { id: 1, name: 'Electricity', unit: 'kWh', is_metered: true },
      { id: 2, name: 'Water', unit: 'm³', is_metered: false },
    ]);
  }
  const statsMatch = /^statistics\/(stats[1-4])\/$/.exec(path);
  if (statsMatch) return send(response, 200, stats[statsMatch[1]]);
  return send(response, 404, { detail: 'Not found.', code: 'not_found' });
}

function serveStatic(response, pathname) {
  const file = normalize(join(DIST, pathname));
  const target = file.startsWith(DIST) && existsSync(file) && statSync(file).isFile() ? file : join(DIST, 'index.html');
  response.writeHead(200, { 'Content-Type': TYPES[extname(target)] ?? 'application/octet-stream' });
  createReadStream(target).pipe(response);
}

createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname.startsWith('/api/')) {
    handleApi(request, response, url.pathname.slice(5)).catch((error) => send(response, 500, { detail: String(error) }));
  } else serveStatic(response, url.pathname);
}).listen(PORT, () => console.log(`mock API and web app on http://localhost:${PORT}`));
