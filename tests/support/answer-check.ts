import type { Express, Request } from 'express';
import { ENDPOINTS } from '#shared/endpoints';
import { ZErrorAnswer } from '#shared/endpoints/answers';
import { errorsOf, type EndpointSpec } from '#shared/endpoints/endpoint';

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each declared endpoint with a pattern of its path: `{token}` matches one segment. */
const DECLARED = Object.entries(ENDPOINTS as Record<string, EndpointSpec>).map(([id, spec]) => ({
  id,
  spec,
  pattern: new RegExp(`^${spec.path.split(/\{\w+\}/).map(escapeRegex).join('[^/]+')}$`),
}));

const endpointOf = (req: Request) => {
  const path = req.originalUrl.split('?')[0];
  return DECLARED.find((d) => d.spec.method === req.method.toLowerCase() && d.pattern.test(path));
};

/**
 * Checks every JSON answer this app sends against its endpoint's declaration: a success against its
 * answer schema, a refusal against the error envelope and the catalogue codes the endpoint declares.
 * Hooked on the app's own response prototype, so every client of the stack is checked (supertest,
 * fetch, the `sheaf` command) without a line in the tests; what does not fit is kept for `problems()`.
 */
export function checkAnswers(app: Express) {
  const problems: string[] = [];
  const send = app.response.json;
  app.response.json = function (this: typeof app.response, body: unknown) {
    const req = this.req as Request;
    const declared = endpointOf(req);
    const sent = JSON.parse(JSON.stringify(body ?? null)) as unknown;
    const at = `${req.method} ${req.originalUrl.split('?')[0]} → ${this.statusCode}`;
    const own = declared && [declared.spec.answer, ...(declared.spec.otherAnswers ?? [])].find((a) => (a.status ?? 200) === this.statusCode && a.schema);
    if (own) {
      const parsed = own.schema!.safeParse(sent);
      if (!parsed.success) problems.push(`${at}: does not fit ${declared.id}'s answer: ${parsed.error.message}`);
    } else if (this.statusCode >= 400) {
      const parsed = ZErrorAnswer.safeParse(sent);
      if (!parsed.success) problems.push(`${at}: not the error envelope: ${parsed.error.message}`);
      else if (declared && !errorsOf(declared.spec).includes(parsed.data.error)) problems.push(`${at}: ${parsed.data.error} is not among the errors ${declared.id} declares`);
    } else {
      problems.push(`${at}: ${declared ? `${declared.id} declares no JSON answer with this status` : 'a JSON answer from no declared endpoint'}`);
    }
    return send.call(this, body);
  };
  return { problems: () => [...problems] };
}
