import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LOCAL_OIDC_PATH, localAccountId, localSignInPage, type LocalOidc } from '../auth/local-oidc';

const emailSchema = z.object({ email: z.email() });

/** The sign-in page's own policy: its inline style, and forms that post back to this server only. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function sendPage(reply: FastifyReply, html: string, status = 200) {
  return reply
    .status(status)
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** Ends an interaction the provider way: its answer is a redirect back into the authorization flow. */
async function finish(
  reply: FastifyReply,
  request: FastifyRequest,
  oidc: LocalOidc,
  result: Parameters<LocalOidc['provider']['interactionResult']>[2],
) {
  const returnTo = await oidc.provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
  return reply.status(303).header('location', returnTo).send();
}

/**
 * The local OpenID Connect provider (auth/local-oidc.ts) under /oidc on this server: its own endpoints (discovery,
 * authorization, token, JWKS, ...) as it answers them, and the interaction pages where the visitor picks an e-mail.
 * Registered only when config.localOidc is true.
 */
export async function registerLocalOidcRoutes(app: FastifyInstance, { oidc }: { oidc: LocalOidc }) {
  await app.register(async (scope) => {
    // The provider reads request bodies itself.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    scope.route({
      method: ['GET', 'POST', 'OPTIONS'],
      url: `${LOCAL_OIDC_PATH}/*`,
      handler(request, reply) {
        reply.hijack();
        oidc.handle(request.raw, reply.raw);
      },
    });
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    scope.get<{ Params: { uid: string } }>(`${LOCAL_OIDC_PATH}/interaction/:uid`, async (request, reply) => {
      const details = await oidc.provider.interactionDetails(request.raw, reply.raw);
      if (details.prompt.name === 'consent') return consent(request, reply);
      return sendPage(reply, localSignInPage(details.uid, { clientId: oidc.clientId }));
    });

    scope.post<{ Params: { uid: string } }>(`${LOCAL_OIDC_PATH}/interaction/:uid/login`, async (request, reply) => {
      const details = await oidc.provider.interactionDetails(request.raw, reply.raw);
      const parsed = emailSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        return sendPage(reply, localSignInPage(details.uid, { clientId: oidc.clientId, error: 'Enter an e-mail address.' }), 400);
      }
      const accountId = localAccountId(parsed.data.email);
      return finish(reply, request, oidc, { login: { accountId }, consent: { grantId: await grantFor(details, accountId) } });
    });

    scope.post<{ Params: { uid: string } }>(`${LOCAL_OIDC_PATH}/interaction/:uid/cancel`, async (request, reply) => {
      return finish(reply, request, oidc, { error: 'access_denied', error_description: 'The sign-in was cancelled.' });
    });
  });

  type Details = Awaited<ReturnType<LocalOidc['provider']['interactionDetails']>>;

  /** Consent is given at once: this provider only ever serves the product itself. */
  async function grantFor(details: Details, accountId: string): Promise<string> {
    const grant = details.grantId
      ? await oidc.provider.Grant.find(details.grantId)
      : new oidc.provider.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) throw new Error('Grant not found');
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    return grant.save();
  }

  async function consent(request: FastifyRequest, reply: FastifyReply) {
    const details = await oidc.provider.interactionDetails(request.raw, reply.raw);
    const accountId = details.session?.accountId;
    if (!accountId) return sendPage(reply, localSignInPage(details.uid, { clientId: oidc.clientId }));
    const grantId = await grantFor(details, accountId);
    const returnTo = await oidc.provider.interactionResult(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return reply.status(303).header('location', returnTo).send();
  }
}
