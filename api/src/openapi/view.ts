import type { JsonSchema } from '#shared/endpoints/endpoint';
import type { OpenApiDocument } from './document';

/**
 * The OpenAPI document as one readable page, rendered on the server: no script, nothing fetched
 * from elsewhere (the network may be closed), its one stylesheet inline under the response's CSP
 * nonce. Everything taken from the document is escaped.
 */

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d2430;background:#fafbfc}
header,main,nav{max-width:980px;margin:0 auto;padding:0 20px}
header{padding-top:24px}
nav ul{padding-left:18px}@media(min-width:760px){nav>ul{columns:2}}
nav a{overflow-wrap:anywhere}
section{margin:32px 0}
article{background:#fff;border:1px solid #dde2ea;border-radius:8px;padding:12px 16px;margin:14px 0}
h3{font-size:16px;margin:4px 0}
code,pre{font:13px/1.45 ui-monospace,monospace}
pre{background:#f2f4f7;padding:10px;border-radius:6px;overflow:auto;max-height:360px}
table{border-collapse:collapse;width:100%;margin:6px 0 10px}
th,td{border-bottom:1px solid #e6e9ef;text-align:left;padding:4px 8px;vertical-align:top}
th{font-size:12px;text-transform:uppercase;color:#5b6676}
.method{display:inline-block;min-width:58px;text-align:center;border-radius:4px;color:#fff;font-size:12px;font-weight:700;padding:2px 6px;margin-right:6px}
.get{background:#2f7d4a}.post{background:#2857a4}.delete{background:#b3372f}
.muted{color:#5b6676}
`;

const esc = (value: unknown) =>
  String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A description: escaped, its `code spans` (the document's one bit of Markdown) shown as code. */
const prose = (value: unknown) => esc(value).replace(/`([^`]+)`/g, '<code>$1</code>');

const anchor = (...parts: string[]) => parts.join('-').replace(/[^A-Za-z0-9]+/g, '-');

const pretty = (value: unknown) => `<pre>${esc(JSON.stringify(value, null, 2))}</pre>`;

type Schemas = Record<string, JsonSchema>;
type Op = {
  summary?: string;
  description?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema; examples?: Record<string, { value: unknown }> }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema?: JsonSchema; examples?: Record<string, { value: unknown }> }> }
  >;
};

const refName = (schema: JsonSchema) => (typeof schema.$ref === 'string' ? schema.$ref.split('/').pop()! : undefined);

function typeLabel(s: JsonSchema): string {
  const name = refName(s);
  if (name) return name;
  if ('const' in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const alternatives = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return alternatives.map(typeLabel).join(' | ');
  if (s.type === 'array') return `${typeLabel((s.items as JsonSchema) ?? {})}[]`;
  if (Array.isArray(s.type)) return s.type.join(' | ');
  if (typeof s.type === 'string') return s.format ? `${s.type} (${s.format})` : s.type;
  return 'any';
}

const CONSTRAINTS: Array<[string, string]> = [
  ['default', 'default'],
  ['minLength', 'min length'],
  ['maxLength', 'max length'],
  ['minimum', 'min'],
  ['maximum', 'max'],
  ['minItems', 'min items'],
  ['maxItems', 'max items'],
  ['multipleOf', 'multiple of'],
  ['pattern', 'pattern'],
];

function notes(s: JsonSchema): string {
  // zod bounds every integer to the safe range: that says nothing to a reader.
  const parts = CONSTRAINTS.filter(([key]) => key in s && Math.abs(Number(s[key])) !== Number.MAX_SAFE_INTEGER).map(
    ([key, label]) => `${label} ${JSON.stringify(s[key])}`,
  );
  return [s.description ? prose(s.description) : '', parts.length ? `<span class="muted">${esc(parts.join(', '))}</span>` : '']
    .filter(Boolean)
    .join('<br>');
}

/** The fields of an object schema, nested objects as dotted names (two levels: enough to read, short enough to scan). */
function fieldRows(schema: JsonSchema, schemas: Schemas, prefix = '', depth = 0): string[] {
  const resolved = refName(schema) && schemas[refName(schema)!] ? schemas[refName(schema)!] : schema;
  const properties = resolved.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return [];
  const required = new Set((resolved.required as string[] | undefined) ?? []);
  return Object.entries(properties).flatMap(([name, field]) => [
    `<tr><td><code>${esc(prefix + name)}</code></td><td><code>${esc(typeLabel(field))}</code></td><td>${required.has(name) ? 'yes' : ''}</td><td>${notes(field)}</td></tr>`,
    ...(depth < 1 ? fieldRows(field, schemas, `${prefix}${name}.`, depth + 1) : []),
  ]);
}

function fieldsTable(schema: JsonSchema, schemas: Schemas): string {
  const rows = fieldRows(schema, schemas);
  return rows.length ? `<table><tr><th>Field</th><th>Type</th><th>Required</th><th>Notes</th></tr>${rows.join('')}</table>` : '';
}

function examples(label: string, media: { examples?: Record<string, { value: unknown }> }): string {
  return Object.entries(media.examples ?? {})
    .map(([name, example]) => `<details><summary>${esc(label)}: ${esc(name)}</summary>${pretty(example.value)}</details>`)
    .join('');
}

function bodyOf(op: Op, schemas: Schemas): string {
  if (!op.requestBody) return '';
  return Object.entries(op.requestBody.content)
    .map(([type, media]) => {
      const oneOf = (schemas[refName(media.schema) ?? ''] ?? media.schema).oneOf as JsonSchema[] | undefined;
      const fields = oneOf
        ? `<p>One of, by <code>toolType</code>: ${oneOf.map((s) => `<a href="#${esc(anchor('schema', refName(s)!))}">${esc(refName(s))}</a>`).join(', ')}</p>`
        : fieldsTable(media.schema, schemas);
      return `<h4>Request body <span class="muted">${esc(type)}</span></h4>${fields}${examples('Request example', media)}`;
    })
    .join('');
}

function parametersOf(op: Op): string {
  if (!op.parameters?.length) return '';
  const rows = op.parameters.map(
    (p) =>
      `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td><code>${esc(typeLabel(p.schema))}</code></td><td>${p.required ? 'yes' : ''}</td><td>${[p.description ? esc(p.description) : '', notes(p.schema)].filter(Boolean).join('<br>')}</td></tr>`,
  );
  return `<h4>Parameters</h4><table><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th><th>Notes</th></tr>${rows.join('')}</table>`;
}

function responsesOf(op: Op, schemas: Schemas): string {
  const rows = Object.entries(op.responses).map(([status, r]) => {
    const types = Object.keys(r.content ?? {});
    return `<tr><td><code>${esc(status)}</code></td><td>${esc(r.description).replace(/\n/g, '<br>')}</td><td>${esc(types.join(', '))}</td></tr>`;
  });
  const success = Object.entries(op.responses).find(([status]) => status.startsWith('2'));
  const media = success && Object.values(success[1].content ?? {})[0];
  const fields = media?.schema ? fieldsTable(media.schema, schemas) : '';
  const details = `${fields ? `<h4>Answer ${esc(success![0])}</h4>${fields}` : ''}${media ? examples('Response example', media) : ''}`;
  return `<h4>Responses</h4><table><tr><th>Status</th><th>Meaning</th><th>Type</th></tr>${rows.join('')}</table>${details}`;
}

/** Who may call it; a webhook, which Sheaf calls, has no such list. */
const authOf = (op: Op) => {
  if (!op.security) return '';
  const schemes = op.security.map((s) => Object.keys(s)[0] ?? 'anonymous');
  return `<p class="muted">Auth: ${esc(schemes.length ? schemes.join(' or ') : 'none')}</p>`;
};

function operationHtml(method: string, path: string, op: Op, schemas: Schemas): string {
  return (
    `<article id="${esc(anchor('op', method, path))}"><h3><span class="method ${esc(method)}">${esc(method.toUpperCase())}</span><code>${esc(path)}</code></h3>` +
    `<p><strong>${esc(op.summary ?? '')}</strong></p>${op.description ? `<p>${prose(op.description)}</p>` : ''}${authOf(op)}` +
    `${parametersOf(op)}${bodyOf(op, schemas)}${responsesOf(op, schemas)}</article>`
  );
}

/** The readable page of the document; `nonce` is the response's CSP nonce for its stylesheet. */
export function renderApiDocs(doc: OpenApiDocument, nonce: string): string {
  const schemas = doc.components.schemas as Schemas;
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op: op as Op })),
  );
  const byTag = doc.tags.map((tag) => ({
    tag,
    ops: operations.filter((o) => o.op && (o.op as { tags?: string[] }).tags?.[0] === tag.name),
  }));
  const tools = Object.entries(schemas).filter(([name]) => name.startsWith('Transfer.'));

  const toc =
    `<nav><h2>Contents</h2><ul><li><a href="#authentication">Authentication</a></li>` +
    byTag
      .map(
        ({ tag, ops }) =>
          `<li><a href="#${esc(anchor('tag', tag.name))}">${esc(tag.name)}</a><ul>${ops.map((o) => `<li><a href="#${esc(anchor('op', o.method, o.path))}">${esc(o.method.toUpperCase())} ${esc(o.path)}</a></li>`).join('')}</ul></li>`,
      )
      .join('') +
    `<li><a href="#webhooks">Webhooks</a></li><li><a href="#tool-options">Tool options</a></li></ul></nav>`;

  const auth =
    `<section id="authentication"><h2>Authentication</h2>` +
    Object.entries(doc.components.securitySchemes)
      .map(
        ([name, s]) =>
          `<p><code>${esc(name)}</code>: ${esc(s.type)}${'scheme' in s ? ` ${esc(s.scheme)}` : ''}${'name' in s ? ` (${esc(s.in)} <code>${esc(s.name)}</code>)` : ''}. ${prose(s.description)}</p>`,
      )
      .join('') +
    `</section>`;

  const areas = byTag
    .map(
      ({ tag, ops }) =>
        `<section id="${esc(anchor('tag', tag.name))}"><h2>${esc(tag.name)}</h2><p>${prose(tag.description)}</p>${ops.map((o) => operationHtml(o.method, o.path, o.op, schemas)).join('')}</section>`,
    )
    .join('');

  const hooks =
    `<section id="webhooks"><h2>Webhooks</h2>` +
    Object.entries(doc.webhooks)
      .map(([name, hook]) => operationHtml('post', name, hook.post as unknown as Op, schemas))
      .join('') +
    `</section>`;

  const toolOptions =
    `<section id="tool-options"><h2>Tool options</h2><p>A transfer's body: the common fields and the tool's own options.</p>` +
    tools
      .map(
        ([name, schema]) =>
          `<article id="${esc(anchor('schema', name))}"><h3><code>${esc(schema.title ?? name)}</code></h3><p>${esc(schema.description ?? '')}</p>${fieldsTable(schema, schemas)}</article>`,
      )
      .join('') +
    `</section>`;

  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${esc(doc.info.title)}</title><style nonce="${esc(nonce)}">${STYLE}</style></head><body>` +
    `<header><h1>${esc(doc.info.title)} <span class="muted">${esc(doc.info.version)}</span></h1><p>${prose(doc.info.description)}</p>` +
    `<p>As JSON (OpenAPI ${esc(doc.openapi)}): <a href="/api/docs">/api/docs</a></p></header>` +
    `${toc}<main>${auth}${areas}${hooks}${toolOptions}</main></body></html>`
  );
}
