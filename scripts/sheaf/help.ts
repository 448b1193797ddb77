import { z } from 'zod';
import { allowedValues, type FieldSchema } from '#shared/field-problems';
import { FILE_KIND_SPECS } from '#shared/file-kinds';
import { RESOURCES } from '#shared/i18n';
import { namedValues, valueNamesOf } from '#shared/option-value-names';
import { TASK_TOOLS, type ToolDefinition } from '#shared/tools';
import { COPY } from './copy';

const TOOL_COPY = RESOURCES.en.tools as Record<string, { name?: string; description?: string } | undefined>;

/**
 * The options of a tool as `sheaf <tool> --help` lists them, from its declaration: what each takes
 * as the tool's processor sees it (where a transform hides that, as the request may send it), its
 * default, the CLI aliases the declaration names, and the names of coded values (OCR languages).
 */
function optionLines(tool: ToolDefinition): string[] {
  const output = z.toJSONSchema(tool.options, { io: 'output', unrepresentable: 'any' }) as FieldSchema;
  const input = z.toJSONSchema(tool.options, { io: 'input', unrepresentable: 'any' }) as FieldSchema;
  const aliases = Object.entries(tool.cliAliases ?? {});
  const rows = Object.keys(input.properties ?? {}).map((name) => {
    const out = output.properties?.[name] ?? {};
    const shown = allowedValues(out).length ? allowedValues(out) : allowedValues(input.properties?.[name] ?? {});
    const notes = [
      input.required?.includes(name) ? COPY.required : undefined,
      out.default !== undefined ? COPY.defaultValue(String(out.default)) : undefined,
      ...aliases.filter(([, to]) => to === name).map(([alias]) => COPY.aliasOf(alias)),
    ].filter(Boolean);
    const names = valueNamesOf(tool.id, name);
    return { name: `--${name}`, values: shown.join('|') || 'JSON', notes: notes.join(', '), names: names && namedValues(shown.filter((v) => v in names), names) };
  });
  if (rows.length === 0) return [COPY.noOptions];
  const width = Math.max(...rows.map((r) => r.name.length));
  return rows.flatMap(({ name, values, notes, names }) => [
    `  ${name.padEnd(width)}  ${values}${notes ? `  (${notes})` : ''}`,
    ...(names ? [`  ${' '.repeat(width)}  ${names}`] : []),
  ]);
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
