/**
 * The one HTTP client of the app. Every call goes to the product's own API (`/api`) with cookies, no timeout
 * (SPEC 7), and echoes the XSRF-TOKEN cookie in the X-XSRF-TOKEN header on state-changing requests.
 * Errors are thrown as ApiError carrying the server's `{ detail }`.
 */

export const API_BASE = '/api';

export class ApiError extends Error {
  readonly status: number;
  /** The server's `detail` text when it sent one (what the user should see), else undefined. */
  readonly detail: string | undefined;

  constructor(status: number, detail: string | undefined) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
  }
}

/** The server detail when there is one, else the SPEC fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return fallback;
}

const CSRF_COOKIE = 'XSRF-TOKEN';
const CSRF_HEADER = 'X-XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** The server sets the CSRF cookie on any /api response; fetch a cheap GET first when it is missing. */
async function csrfToken(): Promise<string | undefined> {
  const existing = readCookie(CSRF_COOKIE);
  if (existing) return existing;
  await fetch(`${API_BASE}/health`, { credentials: 'same-origin' }).catch(() => undefined);
  return readCookie(CSRF_COOKIE);
}

function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  const clean = path.startsWith('/') ? path : `/${path}`;
  return clean.startsWith(`${API_BASE}/`) ? clean : `${API_BASE}${clean}`;
}

async function readDetail(response: Response): Promise<string | undefined> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    const body = JSON.parse(text) as { detail?: unknown };
    if (typeof body.detail === 'string') return body.detail;
    // FastAPI-style validation lists: [{ msg }]
    if (Array.isArray(body.detail)) {
      const first = body.detail[0] as { msg?: unknown } | undefined;
      if (first && typeof first.msg === 'string') return first.msg;
    }
  } catch {
    // not JSON: no detail to show
  }
  return undefined;
}

/**
 * A 401 from any call but the sign-in ones means the session has ended (expired, or signed out in another tab):
 * the auth provider listens, forgets the user and sends the owner to /auth (then back to the page).
 */
const SIGN_IN_CALLS = /^\/api\/auth\/(?:login|register|session)(?:[?/]|$)/;
const sessionEndedListeners = new Set<() => boolean>();

/** `listener` returns true when this tab was signed in (its session has ended), false for a visitor. */
export function onSessionEnded(listener: () => boolean): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended, please sign in again';

/** Tells the listeners; the error the caller sees says the session ended (not "Not authenticated"). */
function noticeUnauthenticated(url: string, detail: string | undefined): string | undefined {
  if (SIGN_IN_CALLS.test(url)) return detail;
  let ended = false;
  for (const listener of sessionEndedListeners) ended = listener() || ended;
  // A visitor who never signed in keeps the server's words ("Please log in to use a coupon code").
  return ended ? SESSION_ENDED_MESSAGE : detail;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function request<T>(
  method: string,
  path: string,
  body?: BodyInit | null,
  options: RequestOptions = {},
): Promise<T> {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (!SAFE_METHODS.has(method.toUpperCase())) {
    const token = await csrfToken();
    if (token) headers.set(CSRF_HEADER, token);
  }
  const url = apiUrl(path);
  const response = await fetch(url, {
    method,
    headers,
    body: body ?? null,
    credentials: 'same-origin',
    signal: options.signal ?? null,
  });
  if (response.status === 401)
    throw new ApiError(401, noticeUnauthenticated(url, await readDetail(response)));
  if (!response.ok) throw new ApiError(response.status, await readDetail(response));
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return (await response.json()) as T;
  const text = await response.text();
  return (text ? text : undefined) as T;
}

function toSearchParams(
  fields: Record<string, string | number | boolean | null | undefined>,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  return params;
}

export const api = {
  get<T>(path: string, options?: RequestOptions): Promise<T> {
    return request<T>('GET', path, null, options);
  },
  /** JSON body (or no body). */
  post<T>(path: string, jsonBody?: unknown, options: RequestOptions = {}): Promise<T> {
    if (jsonBody === undefined) return request<T>('POST', path, null, options);
    return request<T>('POST', path, JSON.stringify(jsonBody), {
      ...options,
      headers: { 'Content-Type': 'application/json', ...options.headers },
    });
  },
  /** application/x-www-form-urlencoded body; undefined/null fields are left out. */
  postForm<T>(
    path: string,
    fields: Record<string, string | number | boolean | null | undefined>,
    options?: RequestOptions,
  ): Promise<T> {
    return request<T>('POST', path, toSearchParams(fields), options);
  },
  /** multipart/form-data; the browser sets the boundary. */
  postMultipart<T>(path: string, formData: FormData, options?: RequestOptions): Promise<T> {
    return request<T>('POST', path, formData, options);
  },
  /** DELETE, optionally with a multipart body (e.g. `document_path`). */
  delete<T>(path: string, formData?: FormData, options?: RequestOptions): Promise<T> {
    return request<T>('DELETE', path, formData ?? null, options);
  },
  /** Raw blob (audio previews and the like). */
  async blob(path: string, options: RequestOptions = {}): Promise<Blob> {
    const response = await fetch(apiUrl(path), {
      credentials: 'same-origin',
      headers: options.headers ?? {},
      signal: options.signal ?? null,
    });
    if (response.status === 401) {
      throw new ApiError(401, noticeUnauthenticated(apiUrl(path), await readDetail(response)));
    }
    if (!response.ok) throw new ApiError(response.status, await readDetail(response));
    return response.blob();
  },
};
