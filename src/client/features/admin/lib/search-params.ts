/**
 * Reading and writing the console's filters in the URL's search params, so a filtered list can be shared and
 * survives a reload. What a hand-edited URL gets wrong is left out rather than sent to the server.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day as <input type="date"> writes it (YYYY-MM-DD), if it is one. */
export function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

export const readText = (params: URLSearchParams, key: string): string => params.get(key)?.trim() ?? '';

export const readDay = (params: URLSearchParams, key: string): string => {
  const value = readText(params, key);
  return isDay(value) ? value : '';
};

export function readChoice<T extends string>(params: URLSearchParams, key: string, choices: readonly T[]): T | '' {
  const value = readText(params, key);
  return (choices as readonly string[]).includes(value) ? (value as T) : '';
}

/** Several choices, written `status=a,b` (or the key repeated), kept in the order of `choices`. */
export function readChoices<T extends string>(params: URLSearchParams, key: string, choices: readonly T[]): T[] {
  const given = new Set(params.getAll(key).flatMap((value) => value.split(',').map((part) => part.trim())));
  return choices.filter((choice) => given.has(choice));
}

/** Search params of the values that are set, in the order given; lists are comma-separated. */
export function writeParams(values: Record<string, string | readonly string[]>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    const text = typeof value === 'string' ? value.trim() : value.join(',');
    if (text) params.set(key, text);
  }
  return params;
}

function dayParts(day: string): [number, number, number] {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return [year, month - 1, date];
}

/**
 * The instants a day range covers in the admin's own time zone, the one the console shows dates in: from the first
 * millisecond of `from` to the last of `to`. The server gets ISO 8601 instants, so no time zone is assumed there.
 */
export function dayStart(day: string): string {
  return new Date(...dayParts(day)).toISOString();
}

export function dayEnd(day: string): string {
  const [year, month, date] = dayParts(day);
  return new Date(new Date(year, month, date + 1).getTime() - 1).toISOString();
}
