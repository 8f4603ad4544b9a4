/** Error raised for any non-OK answer (SPEC §8): '401: Please login to continue', else '{status}: {text}'. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's readable message, when the answer was our JSON error shape. */
    readonly serverMessage?: string,
    readonly field?: string,
    readonly messageKey?: string,
    /** The server's error code (e.g. PRICE_CHANGED), when it gave one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

async function toError(response: Response): Promise<ApiRequestError> {
  const text = await response.text();
  let body: { message?: unknown; field?: unknown; messageKey?: unknown; code?: unknown } | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const serverMessage = typeof body?.message === 'string' ? body.message : undefined;
  return new ApiRequestError(
    response.status,
    response.status === 401 ? '401: Please login to continue' : `${response.status}: ${text || response.statusText}`,
    serverMessage,
    typeof body?.field === 'string' ? body.field : undefined,
    typeof body?.messageKey === 'string' ? body.messageKey : undefined,
    typeof body?.code === 'string' ? body.code : undefined,
  );
}

/** fetch with cookies and JSON, throwing ApiRequestError for non-OK answers. */
export async function apiRequest<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'include',
    headers: { Accept: 'application/json', ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw await toError(response);
  return (await response.json()) as T;
}
