import { errorCodes, type FastifyInstance } from 'fastify';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Fastify's JSON body parser, reading UTF-8 strictly: by default a body's invalid bytes became
 * U+FFFD and were stored so (`{"name":"inv\xff"}` made a role named "inv�"). System.Text.Json
 * refuses such a body, and so do we, as malformed JSON (a localized 400, see error-handler.ts).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  // JSON is the only body the API reads, as ASP.NET's [FromBody] with System.Text.Json: Fastify's
  // own text/plain parser handed a text body to the JSON schemas as a string, a 400 about a member
  // called "input", where any other type answers 415 ("send the body as JSON").
  app.removeContentTypeParser('text/plain');
  // A `__proto__` (or `constructor.prototype`) member is dropped, as System.Text.Json ignores a
  // member no DTO has; refusing it answered "not valid JSON" for JSON that is valid.
  const parseJson = app.getDefaultJsonParser('remove', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    // No body at all, as ABP's jQuery client sends with every DELETE and unlock: ASP.NET reads
    // none, and a route that needs one then says which members are required.
    if ((body as Buffer).length === 0) {
      done(null, undefined);
      return;
    }
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
