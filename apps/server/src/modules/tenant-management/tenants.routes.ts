import { EntityIdParams } from '@vineta/contracts/common/entity';
import { PagedResultDto } from '@vineta/contracts/common/paged';
import {
  GetTenantsInput,
  TenantCreateDto,
  TenantDto,
  TenantUpdateDto,
  UpdateDefaultConnectionStringInput,
} from '@vineta/contracts/tenant-management/tenant';
import { TenantManagementPermissions as P } from '@vineta/contracts/tenant-management/tenant-management.permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PermissionChecker } from '../../platform/authorization/permission-checker.js';
import { requirePermission } from '../../platform/authorization/require-permission.js';
import { sortingParameter } from '../../platform/data/list-sorting.js';
import type { TenantConnectionStringsService } from './tenant-connection-strings.service.js';
import { tenantSortKeys } from './tenants.repository.js';
import type { TenantsService } from './tenants.service.js';

/** Only known columns may be sorted by; anything else is a 400 naming `sorting`. */
const TenantsQuery = GetTenantsInput.extend({ sorting: sortingParameter(tenantSortKeys) });

/**
 * ABP's `TenantController` (`/api/multi-tenancy/tenants`). Every permission is host-side, so a
 * tenant's users get 403 whatever their roles. As in ABP, the class permission is needed too.
 */
export const tenantsRoutes: FastifyPluginAsyncZod<{
  tenants: TenantsService;
  connectionStrings: TenantConnectionStringsService;
  permissions: PermissionChecker;
}> = async (app, { tenants, connectionStrings, permissions }) => {
  const base = '/api/multi-tenancy/tenants';
  const tags = ['Tenant'];
  const allow = (permission?: string) =>
    requirePermission(
      permissions,
      permission ? `${P.Tenants.Default} && ${permission}` : P.Tenants.Default,
    );

  app.get(
    base,
    {
      preHandler: allow(),
      schema: { tags, querystring: TenantsQuery, response: { 200: PagedResultDto(TenantDto) } },
    },
    (request) => tenants.getList(request.query),
  );

  app.get(
    `${base}/:id`,
    {
      preHandler: allow(),
      schema: { tags, params: EntityIdParams, response: { 200: TenantDto } },
    },
    (request) => tenants.get(request.params.id),
  );

  app.post(
    base,
    {
      preHandler: allow(P.Tenants.Create),
      schema: { tags, body: TenantCreateDto, response: { 200: TenantDto } },
    },
    (request) => tenants.create(request.body),
  );

  app.put(
    `${base}/:id`,
    {
      preHandler: allow(P.Tenants.Update),
      schema: { tags, params: EntityIdParams, body: TenantUpdateDto, response: { 200: TenantDto } },
    },
    (request) => tenants.update(request.params.id, request.body),
  );

  app.delete(
    `${base}/:id`,
    { preHandler: allow(P.Tenants.Delete), schema: { tags, params: EntityIdParams } },
    async (request, reply) => {
      await tenants.delete(request.params.id);
      return reply.status(204).send();
    },
  );

  const connectionString = `${base}/:id/default-connection-string`;
  const manageConnectionStrings = allow(P.Tenants.ManageConnectionStrings);

  // Plain text, as ABP's Angular client reads it (`responseType: 'text'`); none = 204, as
  // ASP.NET Core answers a null string.
  app.get(
    connectionString,
    {
      preHandler: manageConnectionStrings,
      schema: {
        tags,
        params: EntityIdParams,
        produces: ['text/plain'],
      },
    },
    async (request, reply) => {
      const value = await connectionStrings.get(request.params.id);
      if (value === null) return reply.status(204).send();
      return reply.type('text/plain; charset=utf-8').send(value);
    },
  );

  app.put(
    connectionString,
    {
      preHandler: manageConnectionStrings,
      schema: { tags, params: EntityIdParams, querystring: UpdateDefaultConnectionStringInput },
    },
    async (request, reply) => {
      await connectionStrings.update(request.params.id, request.query.defaultConnectionString);
      return reply.status(204).send();
    },
  );

  app.delete(
    connectionString,
    { preHandler: manageConnectionStrings, schema: { tags, params: EntityIdParams } },
    async (request, reply) => {
      await connectionStrings.delete(request.params.id);
      return reply.status(204).send();
    },
  );
};
