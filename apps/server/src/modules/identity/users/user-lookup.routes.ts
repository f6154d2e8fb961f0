import { EntityIdParams } from '@vineta/contracts/common/entity';
import { ListResultDto } from '@vineta/contracts/common/paged';
import { IdentityPermissions } from '@vineta/contracts/identity/identity.permissions';
import {
  UserData,
  UserLookupCountInputDto,
  UserLookupSearchInputDto,
} from '@vineta/contracts/identity/identity-user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PermissionChecker } from '../../../platform/authorization/permission-checker.js';
import { requirePermission } from '../../../platform/authorization/require-permission.js';
import { sortingParameter } from '../../../platform/data/list-sorting.js';
import { userSortKeys } from './user-list.repository.js';
import type { UserQueries } from './user-queries.service.js';
import { NoContent, UserNameParams } from './users.routes.js';

const SearchQuery = UserLookupSearchInputDto.extend({ sorting: sortingParameter(userSortKeys) });

/**
 * ABP's `IdentityUserLookupController` (`/api/identity/users/lookup`), for other services that
 * need to resolve users; `AbpIdentity.UserLookup` is grantable to OAuth clients only. An unknown
 * user answers 204, as ABP's nullable results do.
 */
export const userLookupRoutes: FastifyPluginAsyncZod<{
  queries: UserQueries;
  permissions: PermissionChecker;
}> = async (app, { queries, permissions }) => {
  const base = '/api/identity/users/lookup';
  const tags = ['UserLookup'];
  const preHandler = requirePermission(permissions, IdentityPermissions.UserLookup.Default);

  app.get(
    `${base}/search`,
    {
      preHandler,
      schema: { tags, querystring: SearchQuery, response: { 200: ListResultDto(UserData) } },
    },
    (request) => queries.lookup.search(request.query),
  );

  app.get(
    `${base}/count`,
    {
      preHandler,
      schema: { tags, querystring: UserLookupCountInputDto, response: { 200: z.int() } },
    },
    (request) => queries.lookup.count(request.query.filter),
  );

  app.get(
    `${base}/by-username/:userName`,
    {
      preHandler,
      schema: { tags, params: UserNameParams, response: { 200: UserData, 204: NoContent } },
    },
    async (request, reply) =>
      (await queries.lookup.findByUserName(request.params.userName)) ??
      reply.status(204).send(null),
  );

  app.get(
    `${base}/:id`,
    {
      preHandler,
      schema: { tags, params: EntityIdParams, response: { 200: UserData, 204: NoContent } },
    },
    async (request, reply) =>
      (await queries.lookup.findById(request.params.id)) ?? reply.status(204).send(null),
  );
};
