// A real OpenID Provider (oidc-provider) on the loopback for the single sign-on tests (decision 035):
// its own clients and accounts, a plain sign-in page instead of the development interactions, and
// consent granted without asking. Plain JavaScript: the API tests (vitest) and the browser tests'
// server script (scripts/e2e-server.mjs) both start it.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import Provider from 'oidc-provider';

const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head><body style="font-family:sans-serif;max-width:24rem;margin:3rem auto"><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

async function readForm(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Starts a provider on 127.0.0.1 (a free port unless `port` is given).
 * `accounts`: accountId (the subject) → claims (email, email_verified, groups, …).
 * `clients`: oidc-provider client metadata.
 */
export async function startTestProvider({ accounts = {}, clients = [], port = 0, name = 'Test provider' } = {}) {
  const people = new Map(Object.entries(accounts));
  const state = { codeTtl: 60 };
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let provider;
  const server = http.createServer((req, res) => {
    const match = req.url?.match(/^\/interaction\/([\w-]+)(\/login)?(?:\?|$)/);
    if (!match) return provider.callback()(req, res);
    interaction(req, res, match[2] === '/login').catch((err) => {
      res.statusCode = 500;
      res.end(String(err?.message ?? err));
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${server.address().port}`;

  async function interaction(req, res, submitted) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'consent') {
      const grant = new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
      grant.addOIDCScope(String(details.params.scope));
      return provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    }
    let error = '';
    if (submitted) {
      const login = (await readForm(req)).get('login')?.trim() ?? '';
      if (people.has(login)) return provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
      error = `<p role="alert">No account ${escape(login)}.</p>`;
    }
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      page(
        name,
        `${error}<form method="post" action="/interaction/${escape(details.uid)}/login"><p><label for="login">Account</label><br><input id="login" name="login" autocomplete="username" autofocus></p><button type="submit">Continue</button></form>`,
      ),
    );
  }

  provider = new Provider(issuer, {
    clients,
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    findAccount: async (_ctx, id) => (people.has(id) ? { accountId: id, claims: async () => ({ sub: id, ...people.get(id) }) } : undefined),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'groups', 'station_name'],
    },
    pkce: { required: () => true, methods: ['S256'] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // The provider's "sign out?" question, answered yes at once.
        logoutSource: async (ctx, form) => {
          ctx.body = page(`${name}: sign out`, `${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`);
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // Consent is granted by the chain's administrator, not asked of each person.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId, grant.jti);
      return grant;
    },
    ttl: { AuthorizationCode: () => state.codeTtl, Session: 3600, Interaction: 600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page(`${name}: error`, `<p>${escape(out.error)}: ${escape(out.error_description ?? '')}</p>`);
    },
  });
  // Quiet: the refusals the tests provoke are expected.
  provider.on('server_error', () => {});

  return {
    issuer,
    /** Adds or changes an account (its claims). */
    setAccount: (id, claims) => void people.set(id, claims),
    /** How long a new authorization code lives, in seconds. */
    setCodeTtl: (seconds) => void (state.codeTtl = seconds),
    /**
     * Goes through the provider as a browser would, from the authorization address to the answer
     * it sends back: signs in as `accountId` on the sign-in page. Answers the redirect address.
     */
    async signIn(authorizationUrl, accountId) {
      const jar = new Map();
      const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const keep = (res) => {
        for (const line of res.headers.getSetCookie()) {
          const [pair, ...attrs] = line.split(';');
          const at = pair.indexOf('=');
          const [k, v] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
          const gone = !v || attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a));
          if (gone) jar.delete(k);
          else jar.set(k, v);
        }
      };
      let url = new URL(authorizationUrl);
      let body;
      for (let hop = 0; hop < 10; hop++) {
        if (!url.href.startsWith(issuer)) return url.href;
        const res = await fetch(url, {
          method: body ? 'POST' : 'GET',
          redirect: 'manual',
          headers: { cookie: cookieHeader(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
          body,
        });
        keep(res);
        body = undefined;
        const location = res.headers.get('location');
        if (location) {
          url = new URL(location, url);
          continue;
        }
        const html = await res.text();
        const action = html.match(/<form method="post" action="([^"]+)"/)?.[1];
        if (res.status !== 200 || !action) throw new Error(`the provider answered ${res.status}: ${html.slice(0, 300)}`);
        url = new URL(action.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))), url);
        body = new URLSearchParams({ login: accountId }).toString();
      }
      throw new Error('too many redirects at the provider');
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
