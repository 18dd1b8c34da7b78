import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every answer (the web app, the API, printed invoices) through
 * @fastify/helmet: a CSP without inline or foreign scripts, no framing, nosniff, no referrer, and
 * `no-store` on API answers unless a route chose its own caching (media, invoices).
 */
async function securityHeadersPlugin(app: FastifyInstance) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI's emotion and the printed invoice write <style> elements: see docs/security.md, "Headers".
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Same-origin images and PDFs only; the API is not embedded by other sites.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

export const securityHeaders = fp(securityHeadersPlugin, { name: 'security-headers' });
