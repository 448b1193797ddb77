import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ENGINES, OPTIONAL_ENGINES, TOOLS, type EngineName } from '#shared/tools';
import { ENGINE_PROGRAMS } from '../../worker/src/engines/capabilities';
import { LAUNCHERS } from '../../worker/src/engines/run';

/**
 * A tool's declared engines are what the worker probes before offering it, so they must be exactly
 * the engines its processor can start. This reads the code the way it runs: from the processor's
 * module through every static and dynamic import (down to the top-level function or constant used,
 * so a module's other functions do not count), to the calls that start a program (`runEngine`,
 * child_process, or a library that launches one, such as playwright-core). Each program is mapped to
 * its engine by the worker's own probe table (ENGINE_PROGRAMS), so a program nobody probes fails here.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE_DIRS = ['worker/src', 'shared/src'].map((d) => path.join(ROOT, d));

/** Packages whose calls start a native program whose name the code does not spell out. */
const LAUNCHING_PACKAGES = new Set(['playwright-core', 'libreoffice-convert']);
const CHILD_PROCESS = new Set(['node:child_process', 'child_process']);
const CHILD_PROCESS_CALLS = new Set(['spawn', 'spawnSync', 'execFile', 'execFileSync', 'exec', 'execSync', 'fork']);

/** Files that start programs by design without naming an engine; each says why. */
const NOT_ENGINES: Record<string, string> = {
  'worker/src/engines/run.ts': 'the runner: starts what its callers name, and they are checked here',
  'worker/src/engines/capabilities.ts': "the probes: start every program of ENGINE_PROGRAMS, that table's own rows",
  'worker/src/sandbox/host-pool.ts': 'starts the task hosts, which are Node itself',
};

const PROGRAM_ENGINE = new Map<string, EngineName>(
  ENGINES.flatMap((engine) => ENGINE_PROGRAMS[engine].map(([program]) => [path.basename(program), engine] as const)),
);

/** One top-level thing of a module: a declaration by name, or `init` for the statements run on import. */
type NodeKey = `${string}#${string}`;
const INIT = '<init>';
const ALL = '*';

interface Binding {
  /** Absolute path of a module of ours, or the package name. */
  module: string;
  /** The name imported, `*` for a namespace. */
  name: string;
}

interface Launch {
  line: number;
  /** The program, when the code names it. */
  program?: string;
}

interface ModuleInfo {
  file: string;
  /** Top-level names (and INIT) to what they refer to and the programs they start. */
  nodes: Map<string, { refs: NodeKey[]; launches: Launch[] }>;
  /** Exported name to the top-level name (or another module's export) it stands for. */
  exports: Map<string, NodeKey>;
  /** `export * from` targets. */
  starExports: string[];
  /** The engine a wrapper says it runs (`export const ENGINE = '...'`), for programs the code cannot name. */
  engine?: string;
}

function resolveModule(specifier: string, fromFile: string): string | undefined {
  let base: string;
  if (specifier === '#shared/tools') base = path.join(ROOT, 'shared/src/tools/index');
  else if (specifier === '#shared/i18n') base = path.join(ROOT, 'shared/src/i18n/index');
  else if (specifier.startsWith('#shared/')) base = path.join(ROOT, 'shared/src', specifier.slice('#shared/'.length));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else return undefined;
  const file = [base, `${base}.ts`, path.join(base, 'index.ts')].find((f) => f.endsWith('.ts') && existsSync(f));
  return file && SOURCE_DIRS.some((d) => file.startsWith(d + path.sep)) ? file : undefined;
}

const key = (file: string, name: string): NodeKey => `${file}#${name}`;
const rel = (file: string) => path.relative(ROOT, file);

/** The string a literal or a same-file constant holds. */
function stringOf(expr: ts.Expression | undefined, constants: Map<string, string>): string | undefined {
  if (!expr) return undefined;
  if (ts.isStringLiteralLike(expr)) return expr.text;
  if (ts.isIdentifier(expr)) return constants.get(expr.text);
  return undefined;
}

function analyzeModule(file: string, text: string): ModuleInfo {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const info: ModuleInfo = { file, nodes: new Map(), exports: new Map(), starExports: [] };
  const imports = new Map<string, Binding>();
  const topLevel = new Set<string>();
  const constants = new Map<string, string>();
  const functions = new Map<string, ts.SignatureDeclaration>();

  const moduleOf = (specifier: string) => resolveModule(specifier, file) ?? specifier;

  // First pass: what the module imports, declares and exports.
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly) continue;
      const module = moduleOf(statement.moduleSpecifier.text);
      if (clause.name) imports.set(clause.name.text, { module, name: 'default' });
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) imports.set(bindings.name.text, { module, name: ALL });
      if (bindings && ts.isNamedImports(bindings)) {
        for (const el of bindings.elements) if (!el.isTypeOnly) imports.set(el.name.text, { module, name: (el.propertyName ?? el.name).text });
      }
      continue;
    }
    if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly) continue;
      const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? moduleOf(statement.moduleSpecifier.text) : undefined;
      if (!statement.exportClause) {
        if (from) info.starExports.push(from);
      } else if (ts.isNamedExports(statement.exportClause)) {
        for (const el of statement.exportClause.elements) {
          if (el.isTypeOnly) continue;
          const local = (el.propertyName ?? el.name).text;
          info.exports.set(el.name.text, from ? key(from, local) : key(file, local));
        }
      }
      continue;
    }
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const isDefault = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
    const declare = (name: string) => {
      topLevel.add(name);
      if (exported) info.exports.set(isDefault ? 'default' : name, key(file, name));
    };
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
      declare(statement.name.text);
      if (ts.isFunctionDeclaration(statement)) functions.set(statement.name.text, statement);
    } else if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (!ts.isIdentifier(d.name)) continue;
        declare(d.name.text);
        let init = d.initializer;
        while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))) init = init.expression;
        if (init && ts.isStringLiteralLike(init)) constants.set(d.name.text, init.text);
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) functions.set(d.name.text, init);
      }
    } else if (ts.isExportAssignment(statement)) {
      info.exports.set('default', key(file, INIT));
    }
  }
  info.engine = info.exports.get('ENGINE') === key(file, 'ENGINE') ? constants.get('ENGINE') : undefined;

  /** The programs a parameter of a same-file function is given at its call sites. */
  const argumentsOf = (fn: ts.SignatureDeclaration, index: number): Array<string | undefined> => {
    const name = [...functions].find(([, f]) => f === fn)?.[0];
    if (!name) return [undefined];
    const found: Array<string | undefined> = [];
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name) found.push(stringOf(node.arguments[index], constants));
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found.length ? found : [undefined];
  };

  /** The program a call starts: its first argument, or the one after `--` when that is a launcher (timeout, prlimit). */
  const programsOf = (call: ts.CallExpression): Array<string | undefined> => {
    const [first, second] = call.arguments;
    let programs: Array<string | undefined> = [stringOf(first, constants)];
    if (programs[0] === undefined && first && ts.isIdentifier(first)) {
      // A parameter of the enclosing function: the values its callers in this module pass.
      for (let p: ts.Node | undefined = call.parent; p; p = p.parent) {
        if (ts.isFunctionLike(p)) {
          const index = p.parameters.findIndex((param) => ts.isIdentifier(param.name) && param.name.text === first.text);
          if (index >= 0) programs = argumentsOf(p, index);
          break;
        }
      }
    }
    return programs.map((program) => {
      if (!program || !LAUNCHERS.includes(path.basename(program)) || !second || !ts.isArrayLiteralExpression(second)) return program;
      const at = second.elements.findIndex((e) => ts.isStringLiteralLike(e) && e.text === '--');
      return at >= 0 ? stringOf(second.elements[at + 1], constants) : undefined;
    });
  };

  const collect = (root: ts.Node, into: { refs: NodeKey[]; launches: Launch[] }) => {
    const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    const visit = (node: ts.Node) => {
      // Types do not run.
      if (ts.isTypeNode(node) && !ts.isExpressionWithTypeArguments(node)) return;
      if (ts.isCallExpression(node)) {
        // Dynamic import: the whole module may run.
        if (node.expression.kind === ts.SyntaxKind.ImportKeyword) {
          const target = stringOf(node.arguments[0], constants);
          const module = target && resolveModule(target, file);
          if (module) into.refs.push(key(module, ALL));
        }
        const callee = ts.isIdentifier(node.expression) ? imports.get(node.expression.text) : undefined;
        const runsEngine = callee?.name === 'runEngine' || (ts.isIdentifier(node.expression) && node.expression.text === 'runEngine' && topLevel.has('runEngine'));
        if (runsEngine || (callee && CHILD_PROCESS.has(callee.module) && CHILD_PROCESS_CALLS.has(callee.name))) {
          for (const program of programsOf(node)) into.launches.push({ line: line(node), program });
        }
      }
      // `new URL('./thread.ts', import.meta.url)`: a module started in a thread or a process.
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'URL' && node.arguments?.[1]?.getText(source) === 'import.meta.url') {
        const target = stringOf(node.arguments[0], constants);
        const module = target && resolveModule(target, file);
        if (module) into.refs.push(key(module, ALL));
      }
      if (ts.isIdentifier(node) && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)) {
        const binding = imports.get(node.text);
        if (binding && LAUNCHING_PACKAGES.has(binding.module)) into.launches.push({ line: line(node) });
        else if (binding && binding.module.startsWith(ROOT)) {
          const member = ts.isPropertyAccessExpression(node.parent) && node.parent.expression === node ? node.parent.name.text : ALL;
          into.refs.push(key(binding.module, binding.name === ALL ? member : binding.name));
        } else if (topLevel.has(node.text)) into.refs.push(key(file, node.text));
      }
      ts.forEachChild(node, visit);
    };
    visit(root);
  };

  const node = (name: string) => {
    let n = info.nodes.get(name);
    if (!n) info.nodes.set(name, (n = { refs: [], launches: [] }));
    return n;
  };
  node(INIT);
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) continue;
    if (ts.isExportDeclaration(statement)) continue;
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) collect(statement, node(statement.name.text));
    else if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) collect(d, ts.isIdentifier(d.name) ? node(d.name.text) : node(INIT));
    } else collect(statement, node(INIT));
  }
  return info;
}

const modules = new Map<string, ModuleInfo>();
function moduleInfo(file: string): ModuleInfo {
  let info = modules.get(file);
  if (!info) modules.set(file, (info = analyzeModule(file, readFileSync(file, 'utf8'))));
  return info;
}

/** The module-level names an exported name stands for (following re-exports). */
function exportTargets(file: string, name: string, seen = new Set<string>()): NodeKey[] {
  if (seen.has(`${file}#${name}`)) return [];
  seen.add(`${file}#${name}`);
  const info = moduleInfo(file);
  if (name === ALL) return [...info.nodes.keys()].map((n) => key(file, n));
  const target = info.exports.get(name);
  if (target) {
    const at = target.lastIndexOf('#');
    const [module, local] = [target.slice(0, at), target.slice(at + 1)];
    return module === file ? [target] : exportTargets(module, local, seen);
  }
  // Not exported here by name: one of the `export *` modules has it (or it is a type).
  return info.starExports.flatMap((m) => exportTargets(m, name, seen));
}

/** Every engine reachable from a module, with the chain of modules that reaches it. */
function reachFrom(file: string): Map<EngineName, string> {
  const engines = new Map<EngineName, string>();
  /** How each top-level thing was reached, to name the path in a failure. */
  const from = new Map<NodeKey, NodeKey | undefined>();
  const chain = (at: NodeKey | undefined, line: number): string => {
    const steps: string[] = [];
    for (let k = at; k; k = from.get(k)) {
      const step = rel(k.slice(0, k.lastIndexOf('#')));
      if (steps[0] !== step) steps.unshift(step);
    }
    steps[steps.length - 1] += `:${line}`;
    return steps.join(' → ');
  };
  const queue: Array<[NodeKey, NodeKey | undefined]> = [[key(file, ALL), undefined]];
  while (queue.length) {
    const [next, parent] = queue.shift()!;
    const at = next.lastIndexOf('#');
    const [module, name] = [next.slice(0, at), next.slice(at + 1)];
    const targets = name === ALL || !moduleInfo(module).nodes.has(name) ? exportTargets(module, name) : [next];
    // Whatever is used of a module, its top-level statements run on import.
    for (const target of [...targets, key(module, INIT)]) {
      if (from.has(target)) continue;
      from.set(target, parent);
      const t = target.lastIndexOf('#');
      const info = moduleInfo(target.slice(0, t));
      const n = info.nodes.get(target.slice(t + 1));
      if (!n) continue;
      queue.push(...n.refs.map((ref) => [ref, target] as [NodeKey, NodeKey]));
      for (const launch of n.launches) {
        const engine = launch.program ? PROGRAM_ENGINE.get(path.basename(launch.program)) : (info.engine as EngineName | undefined);
        if (engine && !engines.has(engine)) engines.set(engine, chain(target, launch.line));
      }
    }
  }
  return engines;
}

/** Programs started anywhere in worker/src and shared/src that map to no engine. */
function unknownLaunches(): string[] {
  const files = ts.sys.readDirectory(ROOT, ['.ts'], undefined, ['worker/src/**/*', 'shared/src/**/*']);
  const problems: string[] = [];
  for (const file of files) {
    const info = moduleInfo(path.resolve(file));
    const where = rel(info.file);
    if (info.engine !== undefined && !(ENGINES as readonly string[]).includes(info.engine)) problems.push(`${where}: ENGINE '${info.engine}' is no engine of ENGINES`);
    for (const n of info.nodes.values()) {
      for (const launch of n.launches) {
        if (launch.program === undefined) {
          if (info.engine === undefined && !(where in NOT_ENGINES))
            problems.push(`${where}:${launch.line} starts a program the code does not name: export the ENGINE it runs`);
        } else if (!PROGRAM_ENGINE.has(path.basename(launch.program))) {
          problems.push(`${where}:${launch.line} starts '${launch.program}', which no engine of ENGINE_PROGRAMS probes`);
        }
      }
    }
  }
  return problems;
}

const processorFile = (id: string) => path.join(ROOT, 'worker/src/processors', `${id}.ts`);

describe('declared engines', { timeout: 60_000 }, () => {
  it('every program the worker starts belongs to an engine it probes', () => {
    expect(unknownLaunches()).toEqual([]);
  });

  it("are exactly the engines each tool's processor can start", () => {
    const drift: string[] = [];
    for (const tool of TOOLS) {
      if (!existsSync(processorFile(tool.id))) {
        if (tool.built) drift.push(`${tool.id}: built, but worker/src/processors/${tool.id}.ts does not exist`);
        continue;
      }
      const engines = reachFrom(processorFile(tool.id));
      for (const [engine, where] of engines) {
        if (!tool.engines.includes(engine) && !OPTIONAL_ENGINES.includes(engine)) drift.push(`${tool.id}: runs ${engine} (${where}) but does not declare it`);
      }
      for (const engine of tool.engines) if (!engines.has(engine)) drift.push(`${tool.id}: declares ${engine} but never runs it`);
    }
    expect(drift).toEqual([]);
  });

  it('sees an engine behind a namespace import, a launcher, a dynamic import and a wrapper that names its ENGINE', () => {
    const compress = reachFrom(processorFile('compress-pdf'));
    expect([...compress.keys()].sort()).toEqual(['gs', 'pdftotext', 'qpdf']);
    expect(reachFrom(processorFile('ebooks-to-pdf')).get('ebook-convert')).toMatch(/worker\/src\/engines\/calibre\.ts:\d+$/);
    expect(reachFrom(path.join(ROOT, 'worker/src/sandbox/task-host.ts')).has('chromium')).toBe(true);
  });

  it('flags a program the code names but no engine probes, and one it does not name', () => {
    const file = path.join(ROOT, 'worker/src/engines/imagemagick.ts');
    const named = analyzeModule(file, "import { runEngine } from './run';\nexport const shrink = () => runEngine('prlimit', ['--as=1', '--', 'convert', 'a'], { timeoutMs: 1 });");
    expect([...named.nodes.get('shrink')!.launches]).toEqual([{ line: 2, program: 'convert' }]);
    expect(PROGRAM_ENGINE.has('convert')).toBe(false);
    const unnamed = analyzeModule(file, "import { spawn } from 'node:child_process';\nexport function start(bin: string) { return spawn(bin, []); }");
    expect(unnamed.nodes.get('start')!.launches).toEqual([{ line: 2, program: undefined }]);
    expect(unnamed.engine).toBeUndefined();
  });
});
