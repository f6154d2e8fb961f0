import type { KyselyPlugin, PluginTransformResultArgs, QueryResult, UnknownRow } from 'kysely';

/**
 * A result plugin whose transformation needs no waiting: `transformResultNow` does what its
 * `transformResult` does, without a promise. The application's plugins (data filters, camelCase,
 * SQLite booleans) all are, so a query run at once (`DataContext.executeNow`) gets its rows as
 * Kysely would have given them, without one promise per plugin.
 */
export interface ImmediateResultPlugin extends KyselyPlugin {
  transformResultNow(args: PluginTransformResultArgs): QueryResult<UnknownRow>;
}

const isImmediate = (plugin: KyselyPlugin): plugin is ImmediateResultPlugin =>
  typeof (plugin as Partial<ImmediateResultPlugin>).transformResultNow === 'function';

/**
 * Kysely's result step (each plugin in order) as one synchronous function, or undefined when a
 * plugin can only transform asynchronously.
 */
export function immediateResultTransform(
  plugins: readonly KyselyPlugin[],
): ((args: PluginTransformResultArgs) => QueryResult<UnknownRow>) | undefined {
  if (!plugins.every(isImmediate)) return undefined;
  return ({ result, queryId }) => {
    for (const plugin of plugins as readonly ImmediateResultPlugin[]) {
      result = plugin.transformResultNow({ result, queryId });
    }
    return result;
  };
}
