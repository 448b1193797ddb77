import { z } from 'zod';
import { FILE_KIND_SPECS } from '#shared/file-kinds';
import { RESOURCES } from '#shared/i18n';
import { TASK_TOOLS, type ToolDefinition } from '#shared/tools';
import { COPY } from './copy';

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

const TOOL_COPY = RESOURCES.en.tools as Record<string, { name?: string; description?: string } | undefined>;

/** Past this a bound is the type's own (MAX_SAFE_INTEGER), not the option's. */
const NO_BOUND = 1e9;

/** What an option takes, in the words of its JSON Schema: `low|medium|high`, `true|false`, `integer 72–300`, `text`. */
function takes(schema: JsonSchema): string[] {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.flatMap(takes);
  if (schema.enum) return schema.enum.map(String);
  if (schema.const !== undefined) return [String(schema.const)];
  switch (schema.type) {
    case 'boolean':
      return ['true', 'false'];
    case 'integer':
    case 'number': {
      const range =
        schema.minimum !== undefined && schema.maximum !== undefined && schema.maximum < NO_BOUND
          ? ` ${schema.minimum}–${schema.maximum}`
          : '';
      return [`${schema.type === 'integer' ? 'integer' : 'number'}${range}`];
    }
    case 'string':
      return ['text'];
    case 'array':
    case 'object':
      return ['JSON'];
    default:
      return [];
  }
}

/**
 * The options of a tool as `sheaf <tool> --help` lists them, from its declaration: what each takes
 * as the tool's processor sees it (where a transform hides that, as the request may send it), its
 * default, and the CLI aliases the declaration names.
 */
function optionLines(tool: ToolDefinition): string[] {
  const output = z.toJSONSchema(tool.options, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  const input = z.toJSONSchema(tool.options, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const aliases = Object.entries(tool.cliAliases ?? {});
  const rows = Object.keys(input.properties ?? {}).map((name) => {
    const out = output.properties?.[name] ?? {};
    const shown = takes(out).length ? takes(out) : takes(input.properties?.[name] ?? {});
    const notes = [
      input.required?.includes(name) ? COPY.required : undefined,
      out.default !== undefined ? COPY.defaultValue(String(out.default)) : undefined,
      ...aliases.filter(([, to]) => to === name).map(([alias]) => COPY.aliasOf(alias)),
    ].filter(Boolean);
    return [`--${name}`, [...new Set(shown)].join('|') || 'JSON', notes.join(', ')];
  });
  if (rows.length === 0) return [COPY.noOptions];
  const width = Math.max(...rows.map((r) => r[0].length));
  return rows.map(([name, values, notes]) => `  ${name.padEnd(width)}  ${values}${notes ? `  (${notes})` : ''}`);
}

const table = (pairs: ReadonlyArray<readonly [string, string]>) => {
  const width = Math.max(...pairs.map(([a]) => a.length));
  return pairs.map(([a, b]) => `  ${a.padEnd(width)}  ${b}`);
};

export function generalHelp(): string {
  const tools = TASK_TOOLS.map((t) => [t.id, `${TOOL_COPY[t.id]?.name ?? t.id}${t.built ? '' : ` ${COPY.notBuilt}`}`] as const);
  return [
    COPY.usage,
    '',
    COPY.intro,
    '',
    COPY.optionsHeading,
    ...table(COPY.commonOptions),
    '',
    COPY.toolsHeading,
    ...table(tools),
    '',
    COPY.examplesHeading,
    ...COPY.examples.map((e) => `  ${e}`),
    '',
    COPY.exitCodes,
    '',
  ].join('\n');
}

export function toolHelp(tool: ToolDefinition): string {
  const copy = TOOL_COPY[tool.id];
  const kinds = tool.accepts.flatMap((k) => FILE_KIND_SPECS[k].extensions.map((e) => `.${e}`)).join(' ');
  return [
    tool.maxFiles === 0 ? COPY.toolUsageNoFiles(tool.id) : COPY.toolUsage(tool.id),
    '',
    `${copy?.name ?? tool.id}: ${copy?.description ?? ''}`.trim(),
    ...(tool.maxFiles === 0 ? [] : [COPY.accepts(kinds), COPY.filesPerTask(tool.minFiles, tool.maxFiles)]),
    '',
    COPY.optionsHeading,
    ...optionLines(tool),
    '',
    COPY.commonOptionsHint,
    '',
  ].join('\n');
}
