import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { registerAccess } from './http/access.ts';
import { createAuthCache, registerAuthCache } from './http/auth-cache.ts';
import { registerAnswerCompression } from './http/compression.ts';
import { registerErrorResponses } from './http/error-responses.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerInputCharacterCheck } from './http/input-characters.ts';
import { registerOriginCheck } from './http/origin-check.ts';
import { registerRequestLimits } from './http/request-limits.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSpa } from './http/spa.ts';
import { registerTenancy } from './http/tenancy.ts';
import type { App, AppDeps } from './http/types.ts';
import { registerVerifiedEmailCheck } from './http/verified-email.ts';
import { registerModules } from './modules/index.ts';

export type { App, AppDeps } from './http/types.ts';

/** The whole HTTP application, built from its dependencies (tests build one per file). */
export async function buildApp(given: AppDeps): Promise<App> {
  const authCache = given.authCache ?? createAuthCache();
  const deps: AppDeps = { ...given, authCache };
  const app = Fastify({
    logger: { level: deps.config.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Keep idle connections open longer than a proxy in front would (nginx: 60 s), so a till's next request
    // reuses its connection instead of paying a new TCP (and TLS) handshake on a 400 ms mobile round trip.
    keepAliveTimeout: 72_000,
    // An id or slug in a path never needs more.
    routerOptions: { maxParamLength: 1000 },
  }).withTypeProvider<ZodTypeProvider>() as App;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(fastifyCookie);
  await registerSecurityHeaders(app);
  registerTenancy(app, deps);
  registerInputCharacterCheck(app);
  registerOriginCheck(app);
  // Before any route exists, so that its onRoute hook sees them all.
  registerAccess(app, deps);
  registerErrorResponses(app);
  // After the access check, whose hook it follows, so that it knows who is signed in.
  registerRequestLimits(app, deps);
  registerVerifiedEmailCheck(app, deps);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Akwaaba POS API',
        version: '1.0.0',
        description: 'Point of sale for Ghanaian shops. Money is integer pesewas.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await registerModules(app, deps);
  await registerSpa(app, deps);
  registerAuthCache(app, authCache, deps);
  // Last: it compresses the body every other hook has finished with.
  registerAnswerCompression(app);
  return app;
}
