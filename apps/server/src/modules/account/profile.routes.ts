import {
  ChangePasswordInput,
  ProfileDto,
  UpdateProfileDto,
} from '@vineta/contracts/account/profile';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuthorizationError } from '../../platform/errors/business-error.js';
import { requestInfoOf } from './account.routes.js';
import type { ProfileService } from './profile.service.js';

function userIdOf(request: FastifyRequest): string {
  if (!request.currentUser) throw new AuthorizationError(false);
  return request.currentUser.id;
}

/**
 * The signed-in user's profile, at the account module's paths and at ABP's identity aliases
 * (`/api/identity/my-profile`), which older ABP clients call.
 */
export const profileRoutes: FastifyPluginAsyncZod<{
  profile: ProfileService;
  routeLimit: Record<string, unknown>;
}> = async (app, { profile, routeLimit }) => {
  const tags = ['Profile'];
  for (const base of ['/api/account/my-profile', '/api/identity/my-profile']) {
    app.get(base, { schema: { tags, response: { 200: ProfileDto } } }, async (request) =>
      profile.get(userIdOf(request)),
    );
    app.put(
      base,
      { schema: { tags, body: UpdateProfileDto, response: { 200: ProfileDto } } },
      async (request) => profile.update(userIdOf(request), request.body, requestInfoOf(request)),
    );
    app.post(
      `${base}/change-password`,
      { schema: { tags, body: ChangePasswordInput }, config: routeLimit },
      async (request, reply) => {
        await profile.changePassword(
          userIdOf(request),
          request.body,
          requestInfoOf(request),
          request,
        );
        return reply.status(204).send();
      },
    );
  }
};
