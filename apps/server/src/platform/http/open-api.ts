import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI built from the routes' zod schemas (component names are ABP's DTO names), UI at /swagger. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Viñeta API', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/swagger',
    staticCSP: true,
    // Swagger UI sets style attributes as it renders, which its own policy's `style-src` (hashes
    // of its static styles, or none) refused: an error in the console on every visit. Inline
    // styles are allowed on these pages only (a hash beside them would void the keyword); scripts
    // stay limited to its files and hashes.
    transformStaticCSP: (policy) =>
      policy.replace(/style-src [^;]*;/, "style-src 'self' https: 'unsafe-inline';"),
  });
}
