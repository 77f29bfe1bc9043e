import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { AppError } from './app-error.ts';

const registries = new WeakMap<FastifyInstance, Registry>();

/**
 * Prometheus request counts and latency histograms, by route template. On the public port /metrics always asks
 * for METRICS_TOKEN (without one it answers unauthorized); with METRICS_PORT it is served only there
 * (serveMetrics), on an address of its own (127.0.0.1 by default), and not on the public port at all.
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { token: string | null; public: boolean },
): Registry {
  const registry = new Registry();
  registries.set(app, registry);
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency in seconds, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // A hook with a callback, not an async one: a step of every request should not cost a promise.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });
  if (options.public) {
    app.get('/metrics', async (request, reply) => {
      if (!options.token || request.headers.authorization !== `Bearer ${options.token}`) {
        throw new AppError('unauthorized');
      }
      reply.header('content-type', registry.contentType);
      return registry.metrics();
    });
  }
  return registry;
}

/**
 * Serves the app's metrics on their own port (METRICS_PORT on METRICS_HOST); a token, when set, is asked there too.
 * The caller closes the server.
 */
export async function serveMetrics(
  app: FastifyInstance,
  options: { host: string; port: number; token: string | null },
): Promise<Server> {
  const registry = registries.get(app);
  if (!registry) throw new Error('registerMetrics was not called');
  const server = createServer((request, response) => {
    const authorised = !options.token || request.headers.authorization === `Bearer ${options.token}`;
    if (request.url !== '/metrics' || !authorised) {
      response.writeHead(authorised ? 404 : 401).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  return server;
}
