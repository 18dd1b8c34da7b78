import { fillPath, type BodyOf, type Endpoint, type PathParams, type ResponseOf } from '@meterline/contract/endpoint';
import { i18next } from '../../i18n/index';
import { refreshAccessToken, SIGNED_OUT_REASONS } from './token-refresh';
import { clearTokens, readAccessToken } from './tokens';

const API_BASE = '/api/';

/** A failed call: `data` is the response body (DRF errors) when there is one; `message` the detail or status text. */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  readonly headers: Headers | null;

  constructor(status: number, data: unknown, message: string, headers: Headers | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.headers = headers;
  }

  /** The `code` of `{detail, code}` or of a 400 carrying one (`otp_required`). */
  get code(): string | undefined {
    const code = (this.data as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : undefined;
  }
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | QueryValue[]>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Start-up and sign-in handle a 401 themselves instead of leaving the page. */
  skipUnauthorizedRedirect?: boolean;
  /** A 401 is final, without a refresh (a password change, which ends the session: `replaceSession`). */
  skipRefresh?: boolean;
  /** Message when the call fails without a body (the services call wants 'Wrong Services'). */
  fallbackMessage?: string;
}

function defaultUnauthorizedHandler(reason?: string) {
  if (window.location.pathname !== '/login') window.location.assign(reason ? `/login?reason=${encodeURIComponent(reason)}` : '/login');
}

let unauthorizedHandler: (reason?: string) => void = defaultUnauthorizedHandler;

/** Tests and the app shell can replace what a final 401 does (default: go to /login unless already there). */
export function setUnauthorizedHandler(handler: ((reason?: string) => void) | null): void {
  unauthorizedHandler = handler ?? defaultUnauthorizedHandler;
}

/** Leaves for the login page, which says why when there is a reason (a blocked client, a deactivated user). */
export function leaveSignedOut(reason?: string): void {
  unauthorizedHandler(reason);
}

async function signedOutReason(response: Response): Promise<string | undefined> {
  const code = ((await readBody(response.clone()).catch(() => undefined)) as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && SIGNED_OUT_REASONS.has(code) ? code : undefined;
}

export function buildApiUrl(path: string, query?: Query): string {
  const url = API_BASE + path.replace(/^\/+/, '');
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (item !== undefined && item !== null && item !== '') params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

/** Sign-in and token calls answer 401 for wrong credentials: those must never trigger a refresh. */
function isTokenEndpoint(path: string): boolean {
  return /^\/?auth\/jwt\//.test(path);
}

async function send(method: string, url: string, token: string | null, options: RequestOptions): Promise<Response> {
  // The server writes its error messages in the language of the interface.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18next.language || 'en', ...options.headers };
  let body: BodyInit | undefined;
  // A form or a file (a CSV import) goes as it is, with its own type.
  if (options.body instanceof FormData || options.body instanceof Blob) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  // No timeout on purpose (docs/product/specification.md section 9): long exports and reports must finish.
  return fetch(url, { method, headers, body, signal: options.signal });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function toApiError(response: Response, fallbackMessage?: string): Promise<ApiError> {
  const data = await readBody(response).catch(() => undefined);
  const detail = (data as { detail?: unknown } | undefined)?.detail;
  const message =
    typeof detail === 'string'
      ? detail
      : data === undefined && fallbackMessage
        ? fallbackMessage
        : response.statusText || `HTTP ${response.status}`;
  return new ApiError(response.status, data, message, response.headers);
}

/** Sends a call with the stored bearer; on a 401 refreshes once and retries once. */
async function fetchWithAuth(method: string, path: string, options: RequestOptions): Promise<Response> {
  const url = buildApiUrl(path, options.query);
  const token = isTokenEndpoint(path) ? null : readAccessToken();
  let response = await send(method, url, token, options);
  if (response.status !== 401 || isTokenEndpoint(path)) return response;
  const freshToken = options.skipRefresh ? null : await refreshAccessToken(token);
  if (freshToken) response = await send(method, url, freshToken, options);
  if (response.status === 401) {
    clearTokens();
    if (!options.skipUnauthorizedRedirect) unauthorizedHandler(await signedOutReason(response));
  }
  return response;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetchWithAuth(method, path, options);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, undefined, options.fallbackMessage ?? 'Network error');
  }
  if (!response.ok) throw await toApiError(response, options.fallbackMessage);
  if (response.status === 204) return undefined as T;
  return (await readBody(response)) as T;
}

/** Downloads a file answer (CSV, PDF) and hands it to the browser under `filename`. */
async function download(path: string, filename: string, options: RequestOptions = {}): Promise<void> {
  const response = await fetchWithAuth('GET', path, options);
  if (!response.ok) throw await toApiError(response, options.fallbackMessage);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file answer (a PDF, a printable page) as a Blob with its type, fetched with the bearer token. */
async function getBlob(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<Blob> {
  let response: Response;
  try {
    response = await fetchWithAuth('GET', path, options);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, undefined, options.fallbackMessage ?? 'Network error');
  }
  if (!response.ok) throw await toApiError(response, options.fallbackMessage);
  return response.blob();
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T = void>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  download,
  getBlob,
};

/** What a call of `endpoint` sends: its path's parameters, its query and its body when it has one. */
export type CallOptions<E extends Endpoint> = Omit<RequestOptions, 'body'> & {
  params: E extends Endpoint<infer Path> ? PathParams<Path> : never;
} & ([BodyOf<E>] extends [never] ? { body?: never } : { body: BodyOf<E> });

/**
 * Calls an endpoint of the contract (docs/api.md, "Endpoints"): its method and path come from the
 * contract, the answer is typed by its response schema. No URL template and no asserted type on the web.
 */
export async function callEndpoint<E extends Endpoint>(endpoint: E, options: CallOptions<E>): Promise<ResponseOf<E>> {
  const { params, ...rest } = options;
  return request<ResponseOf<E>>(endpoint.method, fillPath(endpoint.path, params), rest);
}
