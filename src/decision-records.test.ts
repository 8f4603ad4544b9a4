import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './server/paths';

const folder = path.join(projectRoot, 'docs', 'decisions');
const read = (file: string) => readFileSync(path.join(folder, file), 'utf8');
const records = readdirSync(folder)
  .filter((file) => /^\d{3}-.+\.md$/.test(file) && !file.startsWith('000-'))
  .sort();

/** The value of a `- **Name:** value` line of a record's header, continuation lines included. */
function field(text: string, name: string): string | undefined {
  const match = new RegExp(`^- \\*\\*${name}:\\*\\* (.+(?:\\n  .+)*)`, 'm').exec(text);
  return match?.[1]?.replace(/\n\s+/g, ' ');
}

describe('architecture decision records follow docs/decisions/000-template.md', () => {
  it('there are records to check', () => {
    expect(records.length).toBeGreaterThan(0);
  });

  it.each(records)('%s has the template’s title, header and sections', (file) => {
    const text = read(file);
    const number = file.slice(0, 3);
    expect(text.split('\n')[0]).toMatch(new RegExp(`^# ${number} — \\S`));
    expect(field(text, 'Date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const status = field(text, 'Status');
    expect(status).toMatch(/^(proposed|accepted|superseded)$/);
    const supersededBy = field(text, 'Superseded by');
    if (status === 'superseded') {
      const target = /^\[ADR \d{3}\]\((\d{3}-[^)]+\.md)\)$/.exec(supersededBy ?? '')?.[1];
      expect(target && records.includes(target), `Superseded by names an existing record: ${supersededBy}`).toBe(true);
    } else {
      expect(supersededBy).toBe('none');
    }
    for (const amended of text.match(/^- \*\*Amended:\*\* .*/gm) ?? []) expect(amended).toMatch(/^- \*\*Amended:\*\* \d{4}-\d{2}-\d{2}, \S/);
    const sections = [...text.matchAll(/^## (Context|Decision|Consequences)$/gm)].map((match) => match[1]);
    expect(sections).toEqual(['Context', 'Decision', 'Consequences']);
  });

  it.each(records)('%s is listed in docs/decisions/README.md', (file) => {
    expect(read('README.md')).toContain(`](${file})`);
  });
});
