import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** The parts of ABP's API description a C# dynamic client proxy reads. */
interface ActionModel {
  name: string;
  httpMethod: string;
  url: string;
  parametersOnMethod: { name: string; type: string; typeAsString: string }[];
  parameters: {
    nameOnMethod: string;
    name: string;
    bindingSourceId: string;
    descriptorName: string;
  }[];
}
export interface ApiDescription {
  modules: Record<
    string,
    {
      controllers: Record<
        string,
        { interfaces: { type: string }[]; actions: Record<string, ActionModel> }
      >;
    }
  >;
}

/**
 * What ABP's `DynamicHttpProxyInterceptor` does for a call on an application-service interface,
 * written after its `ApiDescriptionFinder`, `UrlBuilder` and `RequestPayloadBuilder`: find the
 * action by interface, method name and parameter types, put path values into the URL, members of
 * query-bound parameters into the query string under their description names, and the body
 * parameter as JSON. `args` are the method's arguments, by parameter name, objects with .NET's
 * member names.
 */
export async function callThroughDescription(
  app: FastifyInstance,
  description: ApiDescription,
  headers: Record<string, string>,
  call: { service: string; method: string; types: string[]; args: Record<string, unknown> },
): Promise<LightMyRequestResponse> {
  const action = findAction(description, call.service, call.method, call.types);
  let url = action.url;
  const query: string[] = [];
  let body: unknown;
  for (const parameter of action.parameters) {
    const argument = call.args[parameter.nameOnMethod];
    const value = parameter.descriptorName
      ? (argument as Record<string, unknown> | undefined)?.[parameter.name]
      : argument;
    if (parameter.bindingSourceId === 'Path') {
      url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
    } else if (parameter.bindingSourceId === 'Body') {
      body = value;
    } else if (value !== undefined && value !== null) {
      query.push(`${encodeURIComponent(parameter.name)}=${encodeURIComponent(String(value))}`);
    }
  }
  return app.inject({
    method: action.httpMethod as 'GET',
    url: `/${url}${query.length > 0 ? `?${query.join('&')}` : ''}`,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

function findAction(
  description: ApiDescription,
  service: string,
  method: string,
  types: string[],
): ActionModel {
  for (const module of Object.values(description.modules)) {
    for (const controller of Object.values(module.controllers)) {
      if (!controller.interfaces.some((implemented) => implemented.type === service)) continue;
      for (const action of Object.values(controller.actions)) {
        const parameters = action.parametersOnMethod;
        if (action.name !== method || parameters.length !== types.length) continue;
        if (
          parameters.every(
            (parameter, i) => parameter.type.toUpperCase() === types[i]?.toUpperCase(),
          )
        )
          return action;
      }
    }
  }
  throw new Error(`Could not find remote action for method: ${service}.${method}`);
}
