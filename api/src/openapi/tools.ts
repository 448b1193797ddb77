import { z } from 'zod';
import { ZConversionRequestBase } from '#shared/conversion-request';
import { namedValues, valueNamesOf } from '#shared/option-value-names';
import { TOOLS, type ToolDefinition } from '#shared/tools';
import { ref, type JsonSchema } from '#shared/endpoints/endpoint';
import { jsonSchema } from './build';

/** The common fields' meaning: their schema lives in the shared contract, which carries no descriptions. */
const BASE_FIELDS: Partial<Record<keyof typeof ZConversionRequestBase.shape, string>> = {
  token: 'The file token of an upload, for one-file tools',
  urls: 'File tokens joined by ";", in order, for several-file tools (merge-pdf)',
  fileName: 'The name the outputs are named after',
  webhookUrl:
    'API keys only (else 400 WEBHOOK_NEEDS_KEY): when the task ends, Sheaf POSTs the transferProgress answer there, ' +
    'signed with the key\'s webhook secret in Sheaf-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">, with retries (see webhooks.taskFinished). ' +
    'An internal address is refused (URL_BLOCKED), a malformed one is URL_INVALID, a name that does not resolve URL_NOT_FOUND.',
};

/** The component name of a tool's conversion request. */
export const transferComponent = (toolId: string) => `Transfer.${toolId}`;

/** The tools a transfer runs (the assistant's translate-pdf has its own call, dhjai/translate). */
export const transferTools = () => (TOOLS as readonly ToolDefinition[]).filter((t) => t.built);

function toolRequest(tool: ToolDefinition): JsonSchema {
  const own = tool.options.shape;
  // The tool's own options first, where a reader looks for them; a common field it redefines is its own.
  const common = Object.entries(ZConversionRequestBase.shape)
    .filter(([name]) => name !== 'toolType' && !(name in own))
    .map(([name, field]) => {
      const note = BASE_FIELDS[name as keyof typeof BASE_FIELDS];
      return [name, note ? field.describe(note) : field] as const;
    });
  const schema = jsonSchema(z.object({ toolType: z.literal(tool.id), ...own, ...Object.fromEntries(common) }));
  const properties = schema.properties as Record<string, JsonSchema>;
  for (const name of Object.keys(own)) {
    const names = valueNamesOf(tool.id, name);
    if (names) properties[name] = withValueNames(properties[name], names);
  }
  const files = tool.minFiles === tool.maxFiles ? `${tool.minFiles}` : `${tool.minFiles} to ${tool.maxFiles}`;
  return {
    ...schema,
    title: tool.id,
    description: `${tool.id}: ${files} file(s) of kind ${tool.accepts.join(', ')}; output: ${tool.output}. Its own options: ${Object.keys(tool.options.shape).join(', ') || 'none'}.`,
    'x-tool-options': Object.keys(tool.options.shape),
  };
}

/**
 * An option whose values are codes (OCR languages): each enum says what its codes name
 * (`x-enumDescriptions`, which Redoc and Scalar show) and the option's description lists them.
 */
function withValueNames(schema: JsonSchema, names: Readonly<Record<string, string>>): JsonSchema {
  const branches = (schema.anyOf as JsonSchema[] | undefined) ?? [schema];
  const codes = branches.flatMap((b) => ((b.enum as unknown[] | undefined) ?? []).map(String));
  const named = (b: JsonSchema) => (b.enum ? { ...b, 'x-enumDescriptions': Object.fromEntries((b.enum as unknown[]).map((c) => [c, names[String(c)] ?? String(c)])) } : b);
  return {
    ...(schema.anyOf ? { ...schema, anyOf: branches.map(named) } : named(schema)),
    description: `One of ${namedValues(codes, names)}${branches.length > 1 ? `; or ${branches.filter((b) => !b.enum).map((b) => b.description ?? b.type).join(', or ')}` : ''}.`,
  };
}

/** One component per tool (the common fields and the tool's options), and the transfer body: one of them, by toolType. */
export function transferSchemas(): Record<string, JsonSchema> {
  const tools = transferTools();
  return {
    ...Object.fromEntries(tools.map((t) => [transferComponent(t.id), toolRequest(t)])),
    TransferRequest: {
      description:
        'The conversion request: toolType picks the tool, whose own options come beside the common fields. Any other field is refused (400 ILLEGAL_INPUT).',
      oneOf: tools.map((t) => ref(transferComponent(t.id))),
      discriminator: {
        propertyName: 'toolType',
        mapping: Object.fromEntries(tools.map((t) => [t.id, `#/components/schemas/${transferComponent(t.id)}`])),
      },
    },
  };
}
