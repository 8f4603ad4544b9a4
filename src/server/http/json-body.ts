import type { FastifyInstance } from 'fastify';
import { DomainError } from '../domain-error';

/** The path of the first string in a parsed body that holds a NUL character ('' for the body itself), if any. */
function fieldWithNul(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key].join('.');
    const found = fieldWithNul(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), and refused with a 400 naming the field when any
 * string in them holds a NUL character: PostgreSQL cannot store one in text, and no field of the product needs one.
 * Routes that keep the raw body (the auth proxy, webhooks) register their own parser.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body as string, (error, value) => {
      if (error) return done(error);
      const field = fieldWithNul(value);
      if (field !== undefined) {
        const text = `${field || 'The request body'} must not contain NUL characters`;
        return done(new DomainError('invalid', 'VALIDATION_FAILED', { text }, field ? { field } : {}));
      }
      done(null, value);
    });
  });
}
