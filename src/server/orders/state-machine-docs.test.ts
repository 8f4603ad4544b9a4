import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../paths';
import { FINAL_STATUSES, TRANSITIONS, type OrderStatus } from './state-machine';

const read = (relative: string) => readFileSync(path.join(projectRoot, relative), 'utf8');

const edge = (from: string, to: string) => `${from} → ${to}`;

const tableEdges = (Object.entries(TRANSITIONS) as Array<[OrderStatus, readonly OrderStatus[]]>)
  .flatMap(([from, targets]) => targets.map((to) => edge(from, to)))
  .sort();

const START_END = '[*]';
const EDGE_LINE = /^\s*(\[\*\]|\w+)\s*-->\s*(\[\*\]|\w+)\s*(?::.*)?$/;

/** The `stateDiagram-v2` blocks of a Markdown text, without their first line. */
function stateDiagrams(markdown: string): string[] {
  return [...markdown.matchAll(/^```mermaid\n\s*stateDiagram-v2\s*\n([\s\S]*?)^```/gm)].map((match) => match[1]!);
}

interface Drawing {
  edges: string[];
  starts: string[];
  finals: string[];
  /** Lines that are neither an edge, a blank line nor a %% comment: a misspelt arrow would otherwise drop an edge. */
  unread: string[];
}

/** The edges of a mermaid state diagram; `[*] --> a` and `a --> [*]` mark the start and the final states. */
function readDiagram(body: string): Drawing {
  const drawing: Drawing = { edges: [], starts: [], finals: [], unread: [] };
  for (const line of body.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('%%')) continue;
    const match = EDGE_LINE.exec(line);
    if (!match) {
      drawing.unread.push(line.trim());
      continue;
    }
    const [, from, to] = match as unknown as [string, string, string];
    if (from === START_END) drawing.starts.push(to);
    else if (to === START_END) drawing.finals.push(from);
    else drawing.edges.push(edge(from, to));
  }
  drawing.edges.sort();
  drawing.starts.sort();
  drawing.finals.sort();
  return drawing;
}

/** Markdown files that may draw the state machine: the README and everything under docs/. */
function markdownFiles(): string[] {
  const docs = readdirSync(path.join(projectRoot, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file));
  return ['README.md', ...docs];
}

/** The `from ─► to` lines of the comment right above TRANSITIONS in state-machine.ts. */
function commentEdges(): string[] {
  const source = read('src/server/orders/state-machine.ts');
  const table = source.indexOf('export const TRANSITIONS');
  const comment = source.slice(source.lastIndexOf('/**', table), table);
  const lines = comment.split('\n').filter((line) => line.includes('─►'));
  const edges = lines.map((line) => {
    const match = /^\s*\*\s+(\w+) ─► (\w+)\s/.exec(line);
    expect(match, `a line of the comment that is not "from ─► to  reason": ${line.trim()}`).not.toBeNull();
    return edge(match![1]!, match![2]!);
  });
  return edges.sort();
}

describe('the drawings of the order state machine show exactly the edges of TRANSITIONS', () => {
  const diagrams = markdownFiles().flatMap((file) => stateDiagrams(read(file)).map((body) => ({ file, body })));

  it('are drawn in docs/architecture.md and in docs/product.md', () => {
    const files = diagrams.map(({ file }) => file);
    expect(files.filter((file) => file === path.join('docs', 'architecture.md'))).toHaveLength(1);
    expect(files.filter((file) => file === path.join('docs', 'product.md'))).toHaveLength(1);
  });

  it.each(diagrams)('$file: the same edges, from created to the final statuses', ({ body }) => {
    const drawing = readDiagram(body);
    expect(drawing.unread).toEqual([]);
    expect(drawing.edges).toEqual(tableEdges);
    expect(drawing.starts).toEqual(['created']);
    expect(drawing.finals).toEqual([...FINAL_STATUSES].sort());
  });

  it('the comment above TRANSITIONS lists the same edges', () => {
    expect(commentEdges()).toEqual(tableEdges);
  });
});
