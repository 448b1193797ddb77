import { AREAS } from '#shared/endpoints';
import { ZErrorAnswer, ZTaskAnswer } from '#shared/endpoints/answers';
import type { Area } from '#shared/endpoints/endpoint';
import { doneTaskExample } from '#shared/endpoints/files';
import { API_KEY_PREFIX } from '#shared/server/api-keys';
import { webhookJobOptions } from '#shared/server/jobs';
import { signWebhook, WEBHOOK_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '#shared/server/webhook-signature';
import { SESSION_COOKIE } from '../middleware/requester';
import { jsonSchema, operation } from './build';
import { transferSchemas } from './tools';

const DESCRIPTION =
  `Sheaf's HTTP API. Visitors call the tool pipeline anonymously (a visitor cookie keeps their files theirs); a signed-in browser carries the session cookie; ` +
  `a script sends a personal API key (account page → API keys) as \`Authorization: Bearer ${API_KEY_PREFIX}…\`, which acts as its owner with the owner's plan and limits. ` +
  'Errors are `{ code, message, error }` with error a catalogue code; refusals for going too fast are 429 with RateLimit-* and Retry-After headers.';

const EXAMPLE_WEBHOOK_SECRET = 'whsec_N3bV8cX1zL6kJ9hG4fD2sA7pQ0wE5rT';
const EXAMPLE_WEBHOOK_TIME = 1_764_150_000;

const EXAMPLE_ORIGIN = 'https://sheaf.example.com';

/** The webhook a transfer with webhookUrl receives (OpenAPI 3.1 `webhooks`). */
function taskFinishedWebhook() {
  const webhookExample = {
    ...doneTaskExample,
    result: {
      ...doneTaskExample.result,
      fileurl: EXAMPLE_ORIGIN + doneTaskExample.result.fileurl,
      pdfurl: EXAMPLE_ORIGIN + doneTaskExample.result.pdfurl,
    },
  };
  const body = JSON.stringify(webhookExample);
  return {
    post: {
      operationId: 'taskFinished',
      summary: 'A task with webhookUrl has ended',
      security: [{ webhookSignature: [] }],
      description:
        `Sheaf POSTs the task's transferProgress answer (Done or Failed; its download URLs absolute, on PUBLIC_URL) to the transfer's webhookUrl. ` +
        `${WEBHOOK_SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> with the API key's webhook secret: recompute it over the raw body and refuse an old t. ` +
        `Any answer but 2xx, or none within 10 s, is retried: ${webhookJobOptions(0).attempts} attempts in all, the delays doubling from WEBHOOK_RETRY_BASE_MS. ` +
        `${WEBHOOK_ID_HEADER} stays the same across retries. A revoked key's webhooks are not sent.`,
      parameters: [
        {
          name: WEBHOOK_SIGNATURE_HEADER,
          in: 'header',
          required: true,
          schema: { type: 'string', pattern: '^t=\\d+,v1=[0-9a-f]{64}$' },
          example: signWebhook(EXAMPLE_WEBHOOK_SECRET, body, EXAMPLE_WEBHOOK_TIME),
        },
        { name: WEBHOOK_ID_HEADER, in: 'header', required: true, schema: { type: 'string' } },
      ],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: jsonSchema(ZTaskAnswer), examples: { done: { value: webhookExample } } } },
      },
      responses: { '2XX': { description: 'Received: no retry' } },
    },
  };
}

function build() {
  const all = AREAS as readonly Area[];
  const paths: Record<string, Record<string, unknown>> = {};
  for (const area of all) {
    for (const [id, spec] of Object.entries(area.endpoints)) {
      paths[spec.path] = { ...paths[spec.path], [spec.method]: operation(id, spec, area.tag) };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sheaf API',
      version: '0.0.3',
      description: DESCRIPTION,
      // The API is this server's: its use follows the terms the site states.
      license: { name: 'Terms of service of this server', url: '/service' },
    },
    // Relative: the document is served by the server it describes, whatever its origin.
    servers: [{ url: '/', description: 'This server' }],
    tags: all.map((a) => ({ name: a.tag, description: a.description })),
    paths,
    webhooks: { taskFinished: taskFinishedWebhook() },
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${API_KEY_PREFIX}…`,
          description:
            'A personal API key, created on the account page; unknown or revoked: 401 API_KEY_INVALID. Each key may make API_KEY_REQUESTS_PER_MINUTE calls a minute (a setting), and its answers carry RateLimit-* headers. Past FAILED_AUTH_PER_MINUTE wrong keys from one address in a minute, every key from it answers 429 TOO_FREQUENT with Retry-After until the minute ends.',
        },
        webhookSignature: {
          type: 'apiKey',
          in: 'header',
          name: WEBHOOK_SIGNATURE_HEADER,
          description: "Sheaf's signature on a webhook it sends, with the API key's webhook secret (see webhooks.taskFinished).",
        },
        cookieSession: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: "A browser's session, set by signing in (HttpOnly).",
        },
      },
      schemas: { Error: jsonSchema(ZErrorAnswer), ...transferSchemas() },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof build>;

let built: OpenApiDocument | undefined;

/** The OpenAPI document, generated from the endpoints' declarations and the tools'; built once. */
export function openApiDocument(): OpenApiDocument {
  built ??= build();
  return built;
}
