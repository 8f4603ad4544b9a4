import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Imports go one way between folders: no folder reaches back, through any number of others, into one that imports it;
 * and no file into one that imports it. A folder that reaches back has to be read together with the one it reaches,
 * and a file cycle leaves the order its modules start in to chance.
 *
 * The graph is of every `.ts`/`.tsx` file in src/ except tests (`*.test.ts(x)`), which sit beside what they test and
 * may reach anywhere (the helpers in `testing/` folders are in it). An edge is any static import or re-export and any
 * `import()` with a literal path, relative or through the aliases (`@/` is src/client, `@shared/` is src/shared),
 * resolved to a file the way the bundler does (extension, then `index`). Type-only imports count too (`import type`,
 * `export type`): they cost nothing at run time, but they tie a folder to another's vocabulary as much as any import,
 * and a type both folders need belongs where neither has to reach back for it.
 *
 * Each directory is a node of its own, and a subfolder works inside the folders that contain it: it may use what they
 * hold, so an import into a containing folder is not an edge. An adapter in `server/payments/sandbox/` implements the
 * port `payments/provider.ts` declares while `payments/index.ts` picks the adapter; every server folder throws
 * `server/domain-error.ts` while `server/app.ts` composes them all; a feature's `components/` use the feature's own
 * hooks. Every other import is an edge: a folder's import of its subfolder, and any import between two folders neither
 * of which contains the other. So `orders/fulfilment/` may use `orders/state-machine.ts` while `orders/reconciler.ts`
 * uses `orders/fulfilment/`, but `orders/fulfilment/ → admin/ → orders/` is a cycle. What this lets through is a loop
 * that climbs into a containing folder (a subfolder → its parent → another folder → the subfolder); the second test
 * still finds it when its files import one another round.
 */

const srcDir = import.meta.dirname;
const ALIASES: [prefix: string, dir: string][] = [
  ['@/', path.join(srcDir, 'client')],
  ['@shared/', path.join(srcDir, 'shared')],
];
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** One import: the file that writes it, the file it reaches, and the words it is written with. */
interface ImportEdge {
  from: string;
  to: string;
  specifier: string;
}

function sourceFiles(): string[] {
  return readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** The module names a file imports: static imports and re-exports, and `import()` with a literal path. */
function specifiersOf(file: string): string[] {
  const text = readFileSync(path.join(srcDir, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file (relative to src/) a specifier written in `file` reaches, or undefined for a package or a non-code asset. */
function resolve(file: string, specifier: string): string | undefined {
  let target: string | undefined;
  if (specifier.startsWith('.')) target = path.resolve(srcDir, path.dirname(file), specifier);
  for (const [prefix, dir] of ALIASES) if (specifier.startsWith(prefix)) target = path.join(dir, specifier.slice(prefix.length));
  if (!target) return undefined;
  const candidates = [target, ...EXTENSIONS.map((extension) => target + extension)];
  const found = candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile());
  return found && path.relative(srcDir, found).split(path.sep).join('/');
}

function importGraph(): ImportEdge[] {
  return sourceFiles().flatMap((from) =>
    specifiersOf(from).flatMap((specifier) => {
      const to = resolve(from, specifier);
      return to ? [{ from, to, specifier }] : [];
    }),
  );
}

/**
 * The cycles of a directed graph, one for each strongly connected component of more than one node (Tarjan's
 * algorithm), each given as a closed path through it: enough to name every loop there is, if not every way round it.
 */
function cyclesOf(edges: { from: string; to: string }[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) if (from !== to) next.set(from, [...(next.get(from) ?? []), to]);
  const nodes = [...new Set(edges.flatMap(({ from, to }) => [from, to]))].sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component);
    }
  };
  for (const node of nodes) if (!index.has(node)) connect(node);
  return components.map((component) => closedPath(component, next));
}

/** A path from the component's first node (alphabetically) that passes through all its nodes and returns to it. */
function closedPath(component: string[], next: Map<string, string[]>): string[] {
  const members = new Set(component);
  const [start] = [...component].sort();
  const path: string[] = [start!];
  const shortest = (from: string, to: string): string[] => {
    const previous = new Map<string, string>([[from, from]]);
    const queue = [from];
    while (queue.length > 0) {
      const node = queue.shift()!;
      for (const after of next.get(node) ?? []) {
        if (!members.has(after) || previous.has(after)) continue;
        previous.set(after, node);
        if (after === to) {
          const steps = [to];
          while (steps[0] !== from) steps.unshift(previous.get(steps[0]!)!);
          return steps.slice(1);
        }
        queue.push(after);
      }
    }
    return [];
  };
  for (const node of [...component].sort().slice(1)) if (!path.includes(node)) path.push(...shortest(path.at(-1)!, node));
  path.push(...shortest(path.at(-1)!, start!));
  return path;
}

/** A cycle written out one edge a line, each with an import that makes it. */
function describeCycle(cycle: string[], example: (from: string, to: string) => ImportEdge | undefined): string {
  const lines = cycle.slice(0, -1).map((from, i) => {
    const to = cycle[i + 1]!;
    const edge = example(from, to);
    return `  ${from} → ${to}${edge ? `   (${edge.from} imports '${edge.specifier}')` : ''}`;
  });
  return lines.join('\n');
}

const folderOf = (file: string) => path.posix.dirname(file);

describe('imports in src/', () => {
  const edges = importGraph();

  it('reads the imports there are', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges).toContainEqual(expect.objectContaining({ from: 'server/main.ts', to: 'server/start.ts' }));
  });

  it('go one way between folders: no folder imports, through others or directly, a folder that imports it', () => {
    const folderEdges = edges
      .map((edge) => ({ from: folderOf(edge.from), to: folderOf(edge.to), edge }))
      .filter(({ from, to }) => !from.startsWith(`${to}/`));
    const example = (from: string, to: string) => folderEdges.find((edge) => edge.from === from && edge.to === to)?.edge;
    const cycles = cyclesOf(folderEdges).map((cycle) => `folder cycle ${cycle.join(' → ')}:\n${describeCycle(cycle, example)}`);
    expect(cycles.join('\n\n'), 'folders that import each other').toBe('');
  });

  it('go one way between files: no file imports, through others or directly, a file that imports it', () => {
    const example = (from: string, to: string) => edges.find((edge) => edge.from === from && edge.to === to);
    const cycles = cyclesOf(edges).map((cycle) => `file cycle ${cycle.join(' → ')}:\n${describeCycle(cycle, example)}`);
    expect(cycles.join('\n\n'), 'files that import each other').toBe('');
  });
});
