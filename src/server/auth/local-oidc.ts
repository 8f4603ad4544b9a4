import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { inject } from 'light-my-request';
import Provider, { type Adapter, type AdapterPayload, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A local OpenID Connect provider that stands in for Google in development and tests (config.localOidc): the browser
 * goes through the real redirect, authorization code and PKCE (S256) path, and signs in as any e-mail address on a
 * small page of the provider. Everything (signing key, cookie keys, client secret, sessions) lives in memory and is
 * new at every start. It is served by the app's own HTTP server under /oidc (http/local-oidc.ts).
 */

export const LOCAL_OIDC_PATH = '/oidc';
export const LOCAL_OIDC_CLIENT_ID = 'globaltopup-local';
const SCOPES = ['openid', 'email', 'profile'];

export interface LocalOidcTokens {
  tokenType?: string;
  accessToken?: string;
  idToken?: string;
  accessTokenExpiresAt?: Date;
  scopes?: string[];
  raw: Record<string, unknown>;
}

export interface LocalOidc {
  issuer: string;
  authorizationUrl: string;
  clientId: string;
  clientSecret: string;
  provider: Provider;
  /** Serves a provider endpoint for a request whose URL starts with /oidc (the provider sees the rest of it). */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** The token endpoint called in-process: no request leaves the server, whatever PUBLIC_URL points at. */
  exchangeCode(data: { code: string; redirectURI: string; codeVerifier?: string | undefined }): Promise<LocalOidcTokens>;
}

/** The account id (subject) of an e-mail address: derived from it, so no account table is needed. */
export function localAccountId(email: string): string {
  return Buffer.from(email.trim().toLowerCase(), 'utf8').toString('base64url');
}

function emailOfAccountId(accountId: string): string | undefined {
  const email = Buffer.from(accountId, 'base64url').toString('utf8');
  return /^[^\s@]+@[^\s@]+$/.test(email) ? email : undefined;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The provider's sessions, interactions, codes and tokens, kept in this process only (they end with it). */
function memoryAdapter(): new (name: string) => Adapter {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  return class MemoryAdapter implements Adapter {
    constructor(private readonly name: string) {}
    private key(id: string) {
      return `${this.name}:${id}`;
    }
    private read(key: string) {
      const entry = store.get(key);
      if (entry && entry.expiresAt <= Date.now()) store.delete(key);
      return entry && entry.expiresAt > Date.now() ? entry.payload : undefined;
    }
    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      store.set(this.key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
    }
    async find(id: string) {
      return this.read(this.key(id));
    }
    async findByUserCode(userCode: string) {
      return [...store.keys()]
        .filter((key) => key.startsWith(`${this.name}:`))
        .map((key) => this.read(key))
        .find((payload) => payload?.userCode === userCode);
    }
    async findByUid(uid: string) {
      return [...store.keys()]
        .filter((key) => key.startsWith(`${this.name}:`))
        .map((key) => this.read(key))
        .find((payload) => payload?.uid === uid);
    }
    async consume(id: string) {
      const payload = this.read(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key);
    }
  };
}

/** `behindProxy`: TRUST_PROXY is set, so X-Forwarded-* headers are believed here as Fastify believes them. */
export function createLocalOidc({
  publicUrl,
  callbackUrl,
  behindProxy = false,
}: {
  publicUrl: string;
  callbackUrl: string;
  behindProxy?: boolean;
}): LocalOidc {
  const issuer = `${publicUrl}${LOCAL_OIDC_PATH}`;
  const clientSecret = randomBytes(32).toString('base64url');
  const signingKey = {
    ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }),
    kid: 'local-1',
    alg: 'ES256',
    use: 'sig',
  };

  const configuration: Configuration = {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: LOCAL_OIDC_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [callbackUrl],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { methods: ['S256'], required: () => true },
    scopes: SCOPES,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The e-mail and name go in the ID token itself, which is what Better Auth reads.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false }, userinfo: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `${LOCAL_OIDC_PATH}/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const email = emailOfAccountId(sub);
      if (!email) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email, email_verified: true, name: email.split('@')[0]! }),
      };
    },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    renderError(ctx: KoaContextWithOIDC, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local sign-in error</title></head><body><h1>Local sign-in error</h1><pre>${escapeHtml(JSON.stringify(out, null, 2))}</pre></body></html>`;
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = behindProxy;
  const callback = provider.callback();

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const originalUrl = req.url ?? '/';
    const rest = originalUrl.slice(LOCAL_OIDC_PATH.length);
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = originalUrl;
    req.url = rest.startsWith('/') ? rest : `/${rest}`;
    void callback(req, res);
  };

  return {
    issuer,
    authorizationUrl: `${issuer}/auth`,
    clientId: LOCAL_OIDC_CLIENT_ID,
    clientSecret,
    provider,
    handle,
    async exchangeCode({ code, redirectURI, codeVerifier }) {
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectURI,
        client_id: LOCAL_OIDC_CLIENT_ID,
        client_secret: clientSecret,
      });
      if (codeVerifier) form.set('code_verifier', codeVerifier);
      const response = await inject(handle, {
        method: 'POST',
        url: `${LOCAL_OIDC_PATH}/token`,
        authority: new URL(publicUrl).host,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': new URL(publicUrl).protocol.slice(0, -1) },
        payload: form.toString(),
      });
      const raw = response.json<Record<string, unknown>>();
      if (response.statusCode !== 200)
        throw new Error(`Local OpenID Connect token exchange failed: ${String(raw.error_description ?? raw.error ?? response.statusCode)}`);
      const expiresIn = typeof raw.expires_in === 'number' ? raw.expires_in : undefined;
      return {
        tokenType: typeof raw.token_type === 'string' ? raw.token_type : undefined,
        accessToken: typeof raw.access_token === 'string' ? raw.access_token : undefined,
        idToken: typeof raw.id_token === 'string' ? raw.id_token : undefined,
        accessTokenExpiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : undefined,
        scopes: typeof raw.scope === 'string' ? raw.scope.split(' ') : undefined,
        raw,
      };
    },
  };
}

/** The provider's sign-in page: an e-mail address, Continue (signs in and consents) and Cancel (access_denied). */
export function localSignInPage(uid: string, { clientId, error }: { clientId: string; error?: string }): string {
  const action = `${LOCAL_OIDC_PATH}/interaction/${encodeURIComponent(uid)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local Google sign-in (development)</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1f2328;display:flex;justify-content:center;padding:48px 16px;margin:0}
main{background:#fff;border:1px solid #d0d7de;border-radius:12px;padding:32px;max-width:360px;width:100%}
h1{font-size:20px;margin:0 0 8px}p{font-size:14px;color:#57606a;margin:0 0 20px}
label{display:block;font-size:14px;font-weight:600;margin-bottom:6px}
input{box-sizing:border-box;width:100%;padding:10px;border:1px solid #d0d7de;border-radius:8px;font-size:16px;margin-bottom:16px}
button{width:100%;padding:10px;border-radius:8px;border:1px solid #1a73e8;font-size:15px;cursor:pointer;background:#1a73e8;color:#fff;margin-bottom:8px}
button.secondary{background:#fff;border-color:#d0d7de;color:#1f2328}.error{color:#b42318}
</style>
</head>
<body>
<main>
<h1>Local Google sign-in (development)</h1>
<p>This stands in for Google while GOOGLE_CLIENT_ID is not set. Any e-mail address signs in to ${escapeHtml(clientId)}.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${action}/login">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required autofocus>
<button type="submit">Continue</button>
</form>
<form method="post" action="${action}/cancel">
<button type="submit" class="secondary">Cancel</button>
</form>
</main>
</body>
</html>`;
}
