import type { z } from 'zod';
import { ERRORS, type ErrorCode } from '#shared/errors';
import { fieldProblems } from '#shared/field-problems';
import { getTool, type ToolDefinition } from '#shared/tools';
import { COPY } from './copy';

/** A mistake in the command line: reported with exit code 2, before any file is touched. */
export class UsageError extends Error {}

export type Mode = { kind: 'local' } | { kind: 'server'; url: string; key: string };

export interface CliArgs {
  help: boolean;
  tool?: ToolDefinition;
  paths: string[];
  out?: string;
  output?: string;
  mode: Mode;
  json: boolean;
  concurrency: number;
  /** The tool's options as the API would receive them (strings coerced where the schema wants another type). */
  rawOptions: Record<string, unknown>;
  /** The same, parsed by the tool's schema: what its processor receives. */
  options: Record<string, unknown>;
}

const VALUE_FLAGS = new Set(['out', 'output', 'server', 'key', 'concurrency']);
const SWITCHES = new Set(['local', 'json', 'help']);
const SHORT: Record<string, string> = { o: 'output', h: 'help' };

/** `--name=value`, `--name value` or `-o value`: the name, and the value when given with `=`. */
function optionName(token: string): { name: string; inline?: string } | undefined {
  const long = /^--([a-zA-Z][\w-]*)(?:=(.*))?$/s.exec(token);
  if (long) return { name: long[1], inline: long[2] };
  const short = /^-([a-zA-Z])$/.exec(token);
  return short ? { name: SHORT[short[1]] ?? short[1] } : undefined;
}

/** A yes/no option: `--redo` alone means true. */
const isFlag = (field: z.ZodType) => field.safeParse(true).success && !field.safeParse('not-a-flag').success;

/**
 * A command-line value as the API would take it: the string itself when the option's schema takes
 * strings (form posts send strings, and the schemas accept them), else the JSON it spells (`[1,2]`).
 */
function coerce(field: z.ZodType, value: string): unknown {
  if (field.safeParse(value).success) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * The catalogue's message when a refinement names an error code (PASSWORD_EMPTY), else the words
 * the API answers with ("--language must be one of eng, fra, …").
 */
function describeIssues(tool: ToolDefinition, error: z.ZodError, input: unknown): string {
  const named = error.issues.map((i) => i.message).find((m): m is ErrorCode => m in ERRORS);
  if (named) return ERRORS[named].message;
  return fieldProblems(tool.options, error, input)
    .map((p) => `--${p.message}`)
    .join('; ');
}

export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv): CliArgs {
  const flags: Record<string, string | true> = {};
  const toolValues: Record<string, string | true> = {};
  const positional: string[] = [];
  let tool: ToolDefinition | undefined;
  let help = false;

  for (let i = 0; i < argv.length; i++) {
    const token = argv[i];
    const option = token === '--' ? undefined : optionName(token);
    if (!option) {
      if (token === '--') {
        positional.push(...argv.slice(i + 1));
        break;
      }
      if (!tool && positional.length === 0) {
        tool = getTool(token);
        if (!tool) throw new UsageError(COPY.unknownTool(token));
      } else positional.push(token);
      continue;
    }
    const { name, inline } = option;
    if (SWITCHES.has(name)) {
      if (name === 'help') help = true;
      else flags[name] = true;
      continue;
    }
    const takeValue = (): string => {
      if (inline !== undefined) return inline;
      const next = argv[i + 1];
      if (next === undefined) throw new UsageError(COPY.missingValue(name));
      i++;
      return next;
    };
    if (VALUE_FLAGS.has(name)) {
      flags[name] = takeValue();
      continue;
    }
    if (!tool) throw new UsageError(COPY.noTool);
    const key = tool.cliAliases?.[name] ?? name;
    const field = (tool.options.shape as Record<string, z.ZodType>)[key];
    if (!field) throw new UsageError(COPY.unknownOption(name, tool.id));
    if (isFlag(field) && inline === undefined && !/^(true|false)$/.test(argv[i + 1] ?? '')) toolValues[key] = true;
    else toolValues[key] = takeValue();
  }

  if (help) return { help, tool, paths: [], mode: { kind: 'local' }, json: false, concurrency: 1, rawOptions: {}, options: {} };
  if (!tool) throw new UsageError(COPY.noTool);
  if (!tool.built) throw new UsageError(COPY.toolNotBuilt(tool.id));

  const shape = tool.options.shape as Record<string, z.ZodType>;
  const rawOptions = Object.fromEntries(Object.entries(toolValues).map(([k, v]) => [k, v === true ? true : coerce(shape[k], v)]));
  const parsed = tool.options.safeParse(rawOptions);
  if (!parsed.success) throw new UsageError(COPY.badOptions(tool.id, describeIssues(tool, parsed.error, rawOptions)));

  if (flags.out !== undefined && flags.output !== undefined) throw new UsageError(COPY.outAndOutput);
  const server = typeof flags.server === 'string' ? flags.server : flags.local ? undefined : env.SHEAF_SERVER || undefined;
  if (flags.local && typeof flags.server === 'string') throw new UsageError(COPY.serverAndLocal);
  let mode: Mode = { kind: 'local' };
  if (server) {
    if (!/^https?:\/\/[^/]+/.test(server)) throw new UsageError(COPY.badServer(server));
    const key = typeof flags.key === 'string' ? flags.key : env.SHEAF_KEY;
    if (!key) throw new UsageError(COPY.needsKey);
    mode = { kind: 'server', url: server.replace(/\/+$/, ''), key };
  }
  const concurrency = flags.concurrency === undefined ? (mode.kind === 'local' ? 1 : 2) : Number(flags.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16) throw new UsageError(COPY.badConcurrency);

  return {
    help,
    tool,
    paths: positional,
    out: typeof flags.out === 'string' ? flags.out : undefined,
    output: typeof flags.output === 'string' ? flags.output : undefined,
    mode,
    json: flags.json === true,
    concurrency,
    rawOptions,
    options: parsed.data as Record<string, unknown>,
  };
}
