import type { FastifyInstance } from 'fastify';
import { RET } from '@vitrine/contract';
import { AppError } from '../errors.js';

/**
 * JSON bodies of this scope parsed by Fastify's own parser (its prototype-poisoning checks:
 * 'error'), whose refusal of a `__proto__` or `constructor.prototype` key reads like malformed
 * JSON. A text that JSON.parse reads was refused for such a key: 40001 naming it (issue 24 §3:
 * a 40001 names the field). Only refused bodies are parsed twice.
 */
export function jsonBodies(app: FastifyInstance) {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    json(req, body as string, (err, value) => {
      if (!err) return done(null, value);
      try {
        JSON.parse(body as string);
      } catch {
        return done(err, undefined);
      }
      done(
        new AppError(RET.validation, 'validation.failed', [{ field: '__proto__', message: 'field.invalid' }]),
        undefined,
      );
    });
  });
}
