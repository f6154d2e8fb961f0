import { EntityIdParams } from '@vineta/contracts/common/entity';
import { ListResultDto, PagedResultDto } from '@vineta/contracts/common/paged';
import { IdentityUserLimits } from '@vineta/contracts/identity/identity.limits';
import { IdentityPermissions } from '@vineta/contracts/identity/identity.permissions';
import { IdentityRoleDto } from '@vineta/contracts/identity/identity-role';
import {
  GetIdentityUsersInput,
  IdentityUserCreateDto,
  IdentityUserDto,
  IdentityUserUpdateDto,
  IdentityUserUpdateRolesDto,
} from '@vineta/contracts/identity/identity-user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PermissionChecker } from '../../../platform/authorization/permission-checker.js';
import { requirePermission } from '../../../platform/authorization/require-permission.js';
import { sortingParameter } from '../../../platform/data/list-sorting.js';
import { sendJsonText } from '../../../platform/http/json-text.js';
import { userSortKeys } from './user-list.repository.js';
import type { UserQueries } from './user-queries.service.js';
import type { UsersService } from './users.service.js';

const P = IdentityPermissions.Users;
export const UsersQuery = GetIdentityUsersInput.extend({ sorting: sortingParameter(userSortKeys) });
export const UserNameParams = z.object({
  userName: z.string().min(1).max(IdentityUserLimits.maxUserNameLength),
});
const EmailParams = z.object({ email: z.string().min(1).max(IdentityUserLimits.maxEmailLength) });
/** ABP's nullable results: nobody found is an empty 204. */
export const NoContent = z.null().describe('Not found');

/** ABP's `IdentityUserController` (`/api/identity/users`) plus `unlock`; the class permission is needed too. */
export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersService;
  queries: UserQueries;
  permissions: PermissionChecker;
}> = async (app, { users, queries, permissions }) => {
  const base = '/api/identity/users';
  const tags = ['IdentityUser'];
  const allow = (permission?: string) =>
    requirePermission(permissions, permission ? `${P.Default} && ${permission}` : P.Default);

  app.get(
    base,
    {
      preHandler: allow(),
      // The reply is JSON text already (user-dto-json.ts); the schema documents it.
      schema: { tags, querystring: UsersQuery, response: { 200: PagedResultDto(IdentityUserDto) } },
    },
    async (request, reply) => sendJsonText(reply, await queries.getListJson(request.query)),
  );

  app.get(
    `${base}/assignable-roles`,
    { preHandler: allow(), schema: { tags, response: { 200: ListResultDto(IdentityRoleDto) } } },
    () => queries.assignableRoles(),
  );

  app.get(
    `${base}/by-username/:userName`,
    {
      preHandler: allow(),
      schema: { tags, params: UserNameParams, response: { 200: IdentityUserDto, 204: NoContent } },
    },
    async (request, reply) => {
      const user = await queries.findByUserName(request.params.userName);
      return user ?? reply.status(204).send(null);
    },
  );

  app.get(
    `${base}/by-email/:email`,
    {
      preHandler: allow(),
      schema: { tags, params: EmailParams, response: { 200: IdentityUserDto, 204: NoContent } },
    },
    async (request, reply) => {
      const user = await queries.findByEmail(request.params.email);
      return user ?? reply.status(204).send(null);
    },
  );

  app.get(
    `${base}/:id`,
    {
      preHandler: allow(),
      schema: { tags, params: EntityIdParams, response: { 200: IdentityUserDto } },
    },
    (request) => users.get(request.params.id),
  );

  app.post(
    base,
    {
      preHandler: allow(P.Create),
      schema: { tags, body: IdentityUserCreateDto, response: { 200: IdentityUserDto } },
    },
    (request) => users.create(request.body),
  );

  app.put(
    `${base}/:id`,
    {
      preHandler: allow(P.Update),
      schema: {
        tags,
        params: EntityIdParams,
        body: IdentityUserUpdateDto,
        response: { 200: IdentityUserDto },
      },
    },
    (request) => users.update(request.params.id, request.body),
  );

  app.delete(
    `${base}/:id`,
    { preHandler: allow(P.Delete), schema: { tags, params: EntityIdParams } },
    async (request, reply) => {
      await users.delete(request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    `${base}/:id/roles`,
    {
      preHandler: allow(),
      schema: { tags, params: EntityIdParams, response: { 200: ListResultDto(IdentityRoleDto) } },
    },
    (request) => queries.rolesOf(request.params.id),
  );

  app.put(
    `${base}/:id/roles`,
    {
      preHandler: allow(P.Update),
      schema: { tags, params: EntityIdParams, body: IdentityUserUpdateRolesDto },
    },
    async (request, reply) => {
      await users.updateRoles(request.params.id, request.body.roleNames);
      return reply.status(204).send();
    },
  );

  // Not in ABP: Keycloak's `POST /users/{id}/logout`, every session and token of the user ended.
  app.post(
    `${base}/:id/logout`,
    { preHandler: allow(P.Update), schema: { tags, params: EntityIdParams } },
    async (request, reply) => {
      await users.signOut(request.params.id);
      return reply.status(204).send();
    },
  );

  // Not in ABP's free module (issue #6346): ends the lockout and clears the failure count.
  app.post(
    `${base}/:id/unlock`,
    { preHandler: allow(P.Update), schema: { tags, params: EntityIdParams } },
    async (request, reply) => {
      await users.unlock(request.params.id);
      return reply.status(204).send();
    },
  );
};
