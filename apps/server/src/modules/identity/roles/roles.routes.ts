import { EntityIdParams } from '@vineta/contracts/common/entity';
import { ListResultDto, PagedResultDto } from '@vineta/contracts/common/paged';
import { IdentityPermissions } from '@vineta/contracts/identity/identity.permissions';
import {
  GetIdentityRolesInput,
  IdentityRoleCreateDto,
  IdentityRoleDto,
  IdentityRoleUpdateDto,
} from '@vineta/contracts/identity/identity-role';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PermissionChecker } from '../../../platform/authorization/permission-checker.js';
import { requirePermission } from '../../../platform/authorization/require-permission.js';
import { sortingParameter } from '../../../platform/data/list-sorting.js';
import { compiledReply } from '../../../platform/http/compiled-reply.js';
import { roleSortKeys } from './roles.repository.js';
import type { RolesService } from './roles.service.js';

const P = IdentityPermissions.Roles;
const RolesQuery = GetIdentityRolesInput.extend({ sorting: sortingParameter(roleSortKeys) });

/** ABP's `IdentityRoleController` (`/api/identity/roles`); the class permission is needed too. */
export const rolesRoutes: FastifyPluginAsyncZod<{
  roles: RolesService;
  permissions: PermissionChecker;
}> = async (app, { roles, permissions }) => {
  const base = '/api/identity/roles';
  const tags = ['Role'];
  const allow = (permission?: string) =>
    requirePermission(permissions, permission ? `${P.Default} && ${permission}` : P.Default);

  app.get(
    `${base}/all`,
    { preHandler: allow(), schema: { tags, response: { 200: ListResultDto(IdentityRoleDto) } } },
    () => roles.getAll(),
  );

  app.get(
    base,
    {
      preHandler: allow(),
      schema: { tags, querystring: RolesQuery, response: { 200: PagedResultDto(IdentityRoleDto) } },
      // The items are built by the server (toIdentityRoleDto): no need to re-check them.
      serializerCompiler: compiledReply,
    },
    (request) => roles.getList(request.query),
  );

  app.get(
    `${base}/:id`,
    {
      preHandler: allow(),
      schema: { tags, params: EntityIdParams, response: { 200: IdentityRoleDto } },
    },
    (request) => roles.get(request.params.id),
  );

  app.post(
    base,
    {
      preHandler: allow(P.Create),
      schema: { tags, body: IdentityRoleCreateDto, response: { 200: IdentityRoleDto } },
    },
    (request) => roles.create(request.body),
  );

  app.put(
    `${base}/:id`,
    {
      preHandler: allow(P.Update),
      schema: {
        tags,
        params: EntityIdParams,
        body: IdentityRoleUpdateDto,
        response: { 200: IdentityRoleDto },
      },
    },
    (request) => roles.update(request.params.id, request.body),
  );

  app.delete(
    `${base}/:id`,
    { preHandler: allow(P.Delete), schema: { tags, params: EntityIdParams } },
    async (request, reply) => {
      await roles.delete(request.params.id);
      return reply.status(204).send();
    },
  );
};
