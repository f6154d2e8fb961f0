/**
 * How one of our modules is named in ABP's API description: the .NET names of its controllers,
 * their application-service interfaces and methods, and of its DTOs. The routes themselves (paths,
 * verbs and zod schemas) are read from Fastify as they are registered; a module states only what
 * .NET would know and our routes cannot: each action's method and its parameters in order.
 */
export interface RemoteServiceModule {
  /** ABP's area: the module's key in the description (`identity`, `multi-tenancy`). */
  rootPath: string;
  /** `[RemoteService(Name = …)]`: what clients configure a base URL for (`AbpIdentity`). */
  remoteServiceName: string;
  /** Where its DTOs live in .NET: a zod component id `X` names `namespace.X`. */
  namespace: string;
  /** The assembly its DTOs are in (method parameters name it: `Type, Assembly`). */
  assembly: string;
  /** Each DTO's or input's .NET base type, by component id or input name. */
  baseTypes?: Record<string, string>;
  /**
   * The module's own DTO base classes (`IdentityUserCreateOrUpdateDtoBase`), by name: their base
   * and the members they declare, which the DTOs derived from them then do not list.
   */
  baseClasses?: Record<string, { baseType: string; members: string[] }>;
  /** Full names of the DTOs it uses from other namespaces, by component id. */
  typeNames?: Record<string, string>;
  controllers: RemoteServiceController[];
}

export interface RemoteServiceController {
  /** The controller class: `Volo.Abp.Identity.IdentityRoleController`. */
  type: string;
  /** The application-service interface it implements, which C# client proxies are made for. */
  interface?: string;
  /** ABP's group name (`[ControllerName]`, the Swagger tag) where it differs from the class's. */
  group?: string;
  /**
   * Each route (`'GET /api/identity/roles/:id'`, as registered) and the method that serves it:
   * `'GetAsync(id)'`. A parameter named after a path parameter binds the path; one named after
   * a query member binds that member; `input` binds the body, or, given a type
   * (`input: GetIdentityRolesInput`), the query string as one object. A full .NET name given to a
   * path or query parameter (`id: System.Guid`) stands for what a looser schema says. A return
   * type may follow (`…): System.String`) for a route whose reply has no schema. Several
   * signatures list the route once for each (ABP's versions differ), so that clients of each
   * find theirs.
   */
  actions: Record<string, string | string[]>;
}

export interface MethodSignature {
  name: string;
  parameters: { name: string; type?: string }[];
  returns?: string;
}

const SIGNATURE = /^(\w+)\(([^)]*)\)(?::\s*(\S+))?$/;

export function parseSignature(text: string): MethodSignature {
  const match = SIGNATURE.exec(text.trim());
  if (!match) throw new Error(`not a method signature: ${text}`);
  const [, name = '', list = '', returns] = match;
  const parameters = list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [parameter = '', type] = part.split(':').map((piece) => piece.trim());
      return type ? { name: parameter, type } : { name: parameter };
    });
  return returns ? { name, parameters, returns } : { name, parameters };
}
