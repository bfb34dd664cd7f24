// Fetching from the platform's API: JSON with an optional seat token and ETag.
// getJSON(url, {token, etag}) -> {status, etag, body} (body null on 304); throws ApiError.
// postJSON(url, data, {token, csrf}) -> {ok, status, body}.

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.error?.message || `HTTP ${status}`);
    this.status = status;
    this.code = body?.error?.code;
  }
}

export async function getJSON(url, { token = null, etag = null } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (etag) headers["If-None-Match"] = etag;
  const response = await fetch(url, { headers, cache: "no-cache" });
  if (response.status === 304) return { status: 304, etag, body: null };
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, body);
  return { status: response.status, etag: response.headers.get("ETag"), body };
}

// Every page of a paginated list endpoint ({results, next}), concatenated.
export async function getAll(url) {
  const out = [];
  let next = url;
  while (next) {
    const { body } = await getJSON(next);
    if (Array.isArray(body)) return body;
    out.push(...body.results);
    next = body.next;
  }
  return out;
}

// POST a JSON body as a seat (its token, or the session with its CSRF token):
// {ok, status, body}. An HTTP error does not throw: its body is the API's error envelope.
export async function postJSON(url, data, { token = null, csrf = "" } = {}) {
  const headers = { Accept: "application/json", "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (csrf) headers["X-CSRFToken"] = csrf;
  const response = await fetch(url, { method: "POST", headers, credentials: "same-origin",
                                      body: JSON.stringify(data) });
  const body = await response.json().catch(() => null);
  return { ok: response.ok, status: response.status, body };
}
