import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './server/paths';

/** README.md and every Markdown file under docs/, relative to the project's root, with '/' between folders. */
function markdownFiles(): string[] {
  const docs = readdirSync(path.join(projectRoot, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.posix.join('docs', file.split(path.sep).join('/')));
  return ['README.md', ...docs.sort()];
}

/** The text outside fenced code blocks and code spans, where a link is a link. */
function proseOf(markdown: string): string {
  let fenced = false;
  const lines: string[] = [];
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      lines.push('');
      continue;
    }
    lines.push(fenced ? '' : line.replace(/(`+)[\s\S]*?\1/g, ''));
  }
  return lines.join('\n');
}

/** The targets of a Markdown text's inline links and images, `[text](target "title")`, and of its `<a href>`. */
export function linkTargets(markdown: string): string[] {
  const prose = proseOf(markdown);
  const inline = [...prose.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+"[^"]*")?\s*\)/g)].map((match) =>
    match[1]!.replace(/^<|>$/g, ''),
  );
  const anchors = [...prose.matchAll(/<a\s[^>]*href="([^"]+)"/g)].map((match) => match[1]!);
  return [...inline, ...anchors];
}

/** GitHub's anchor for a heading: its text as shown, lowercased, without punctuation, spaces as hyphens. */
export function headingSlug(heading: string): string {
  const shown = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '');
  return shown
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a Markdown file offers: its headings' slugs (repeats numbered as GitHub does) and its `id`s and `name`s. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = headingSlug(heading[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const match of proseOf(markdown).matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  return anchors;
}

/** The relative links of `file` (relative to `root`) whose file or anchor does not exist, each with the reason. */
export function brokenLinks(root: string, file: string): string[] {
  const read = (relative: string) => readFileSync(path.join(root, relative), 'utf8');
  const broken: string[] = [];
  for (const target of linkTargets(read(file))) {
    if (/^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//')) continue;
    const hash = target.indexOf('#');
    const linkPath = decodeURI(hash === -1 ? target : target.slice(0, hash));
    const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
    const resolved = linkPath === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), linkPath));
    if (resolved.startsWith('../') || !existsSync(path.join(root, resolved))) {
      broken.push(`${target}: no file ${resolved}`);
      continue;
    }
    if (anchor === undefined || anchor === '') continue;
    if (statSync(path.join(root, resolved)).isDirectory() || !resolved.endsWith('.md')) {
      broken.push(`${target}: an anchor in ${resolved}, which is not a Markdown file`);
    } else if (!anchorsOf(read(resolved)).has(anchor)) {
      broken.push(`${target}: no heading or id "${anchor}" in ${resolved}`);
    }
  }
  return broken;
}

describe('links in the README and docs/', () => {
  it('reads headings as GitHub makes their anchors', () => {
    expect(headingSlug('What `npm test` runs')).toBe('what-npm-test-runs');
    expect(headingSlug('Running several instances')).toBe('running-several-instances');
    expect(headingSlug('4. Orders: states & moves (v2)')).toBe('4-orders-states--moves-v2');
    expect(headingSlug('The [console](console.md) — its shell')).toBe('the-console--its-shell');
    expect([...anchorsOf('# A\n## Setup\n```\n# not a heading\n```\n### Setup\n<a id="s4"></a>\n')]).toEqual(['a', 'setup', 'setup-1', 's4']);
  });

  it('finds links outside code only, external ones included (they are skipped later)', () => {
    const text = '[a](a.md) ![b](img/b.png "B") `[c](c.md)` [d](https://x.example) <a href="e.md#f">e</a>\n```\n[g](g.md)\n```\n[h](<h h.md>)';
    expect(linkTargets(text)).toEqual(['a.md', 'img/b.png', 'https://x.example', 'h h.md', 'e.md#f']);
  });

  it.each(markdownFiles())('%s: every relative link names a file that exists, and a heading or id that exists in it', (file) => {
    expect(brokenLinks(projectRoot, file)).toEqual([]);
  });
});
