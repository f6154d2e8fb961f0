import type { ZodType } from 'zod';
import { type DotnetType, isSystemType, simpleNameOf } from './dotnet-type-names.js';
import { FRAMEWORK_ASSEMBLY } from './framework-types.js';
import {
  type MethodSignature,
  parseSignature,
  type RemoteServiceController,
  type RemoteServiceModule,
} from './remote-service.js';
import {
  byKey,
  createTypeCatalog,
  lastSegment,
  names,
  pascal,
  systemType,
  toJsonSchema,
} from './type-catalog.js';

/** A registered route's schemas, as Fastify's `onRoute` hook sees them. */
export interface RouteSchemas {
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  response?: Record<number | string, ZodType>;
}

/** Routes by `'METHOD /path/:param'`. */
export type RouteTable = ReadonlyMap<string, RouteSchemas>;

type Json = Record<string, unknown>;

/**
 * Builds ABP's `ApplicationApiDescriptionModel` (`GET /api/abp/api-definition`) from our routes
 * and the modules' .NET names: what ABP's C# dynamic client proxies look actions up in (by
 * interface, method name and parameter types), and what its proxy generators read, with the
 * types when asked.
 */
export function describeApi(routes: RouteTable, modules: readonly RemoteServiceModule[]) {
  const catalog = createTypeCatalog(modules);

  function typeAsString(type: string, module: RemoteServiceModule): string {
    const plain = type.replace(/\?$/, '');
    if (isSystemType(plain)) {
      return type.endsWith('?')
        ? `System.Nullable\`1[[${plain}, System.Private.CoreLib]], System.Private.CoreLib`
        : `${type}, System.Private.CoreLib`;
    }
    const own = type.startsWith(`${module.namespace}.`);
    return `${type}, ${own ? module.assembly : FRAMEWORK_ASSEMBLY}`;
  }

  function describeAction(
    route: string,
    signature: MethodSignature,
    schemas: RouteSchemas,
    module: RemoteServiceModule,
    controller: RemoteServiceController,
  ): Json {
    const { typeOf, describe, nameOf } = catalog.resolverFor(module);
    const [httpMethod = '', path = ''] = route.split(' ');
    const params = schemas.params && toJsonSchema(schemas.params, 'input');
    const query = schemas.querystring && toJsonSchema(schemas.querystring, 'input');
    const body = schemas.body && toJsonSchema(schemas.body, 'input');
    const parametersOnMethod: Json[] = [];
    const parameters: Json[] = [];
    const bound = (nameOnMethod: string, name: string, type: DotnetType, fields: Json) =>
      parameters.push({
        nameOnMethod,
        name,
        jsonName: null,
        ...names(type),
        isOptional: false,
        defaultValue: null,
        constraintTypes: null,
        descriptorName: '',
        ...fields,
      });

    for (const { name, type: declared } of signature.parameters) {
      const inPath = params?.root.properties?.[name];
      const inQuery = query?.root.properties?.[name];
      let type: DotnetType;
      // A declared full name stands for what our looser schema says (ABP's `Guid id` for a string).
      const override = declared?.includes('.') ? declared : undefined;
      if (params && inPath) {
        type = override ? systemType(override) : typeOf(inPath, params, 'input');
        bound(name, name, type, { constraintTypes: [], bindingSourceId: 'Path' });
      } else if (query && inQuery) {
        type = override ? systemType(override) : typeOf(inQuery, query, 'input');
        bound(name, name, type, { bindingSourceId: 'ModelBinding' });
      } else if (query && declared) {
        // A query-string object: ASP.NET binds (and ABP lists) each of its members.
        const typeName = declared.includes('.') ? declared : nameOf(declared);
        describe(typeName, query.root, query, 'input');
        type = { type: typeName, typeSimple: typeName, isNullable: false };
        for (const member of catalog.membersOf(typeName)) {
          const node = query.root.properties?.[member];
          if (!node) continue;
          bound(name, pascal(member), typeOf(node, query, 'input'), {
            bindingSourceId: 'ModelBinding',
            descriptorName: name,
          });
        }
      } else if (body) {
        type = typeOf(body.root, body, 'input');
        bound(name, name, type, { bindingSourceId: 'Body' });
      } else {
        throw new Error(`${route}: nothing binds the parameter ${name}`);
      }
      parametersOnMethod.push({
        name,
        typeAsString: typeAsString(type.type, module),
        ...names(type),
        isOptional: false,
        defaultValue: null,
      });
    }

    const reply = schemas.response?.[200];
    const converted = reply && toJsonSchema(reply, 'output');
    const returnType =
      signature.returns ??
      (converted ? typeOf(converted.root, converted, 'output').type : 'System.Void');
    const suffix = signature.parameters.map(({ name }) => pascal(name)).join('And');
    return {
      uniqueName: suffix ? `${signature.name}By${suffix}` : signature.name,
      name: signature.name,
      httpMethod,
      url: path.replace(/^\//, '').replace(/:(\w+)/g, '{$1}'),
      supportedVersions: [],
      parametersOnMethod,
      parameters,
      returnValue: { type: returnType, typeSimple: simpleNameOf(returnType) },
      allowAnonymous: null,
      implementFrom: controller.interface ?? controller.type,
    };
  }

  function describeController(module: RemoteServiceModule, controller: RemoteServiceController) {
    const actions: Record<string, Json> = {};
    for (const [route, signatures] of Object.entries(controller.actions)) {
      const schemas = routes.get(route);
      if (!schemas) throw new Error(`${controller.type}: no route ${route}`);
      for (const signature of [signatures].flat()) {
        const action = describeAction(
          route,
          parseSignature(signature),
          schemas,
          module,
          controller,
        );
        actions[action.uniqueName as string] = action;
      }
    }
    const methods = Object.values(actions).map(({ name, parametersOnMethod, returnValue }) => ({
      name,
      parametersOnMethod,
      returnValue,
    }));
    const name = lastSegment(controller.type).replace(/Controller$/, '');
    return {
      controllerName: name,
      controllerGroupName: controller.group ?? name,
      isRemoteService: true,
      isIntegrationService: false,
      apiVersion: null,
      type: controller.type,
      interfaces: controller.interface
        ? [{ type: controller.interface, name: lastSegment(controller.interface), methods }]
        : [],
      actions,
    };
  }

  const areas = new Map<string, Json & { controllers: Record<string, Json> }>();
  for (const module of modules) {
    let area = areas.get(module.rootPath);
    if (!area) {
      area = {
        rootPath: module.rootPath,
        remoteServiceName: module.remoteServiceName,
        controllers: {},
      };
      areas.set(module.rootPath, area);
    }
    for (const controller of module.controllers)
      area.controllers[controller.type] = describeController(module, controller);
  }
  const document = { modules: Object.fromEntries([...areas].sort(byKey)) };
  const declared = new Set(
    modules.flatMap((module) => module.controllers.flatMap((c) => Object.keys(c.actions))),
  );
  return {
    /** API routes that no module names: each is either ours alone or a description missing. */
    undescribed: [...routes.keys()].filter((route) => {
      const [method, path = ''] = route.split(' ');
      return method !== 'HEAD' && path.startsWith('/api/') && !declared.has(route);
    }),
    withoutTypes: { ...document, types: {} },
    withTypes: { ...document, types: catalog.referencedBy(document) },
  };
}
