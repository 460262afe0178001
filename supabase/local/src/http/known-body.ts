// Responses whose body is bytes already in memory (JSON from REST and auth, cached reads) keep
// those bytes beside them, so the layers after the handler (CORS headers, compression, the
// anonymous read cache, writing to the socket) use them directly instead of reading a
// ReadableStream back out of every Response they wrap. A Response built any other way (a file
// stream, a function's answer) has no known body and is read as a stream, as before.

type Bytes = Uint8Array<ArrayBuffer>;

const known = new WeakMap<Response, Bytes>();

/** A Response whose body is `bytes`, remembered for knownBody. */
export function bytesResponse(bytes: Bytes | null, init: ResponseInit): Response {
  const response = new Response(bytes, init);
  if (bytes !== null) known.set(response, bytes);
  return response;
}

/** The bytes a Response was built from with bytesResponse, unless its stream has been read. */
export function knownBody(response: Response): Bytes | undefined {
  return response.bodyUsed ? undefined : known.get(response);
}

/** The whole body: the known bytes, or the stream read to its end. */
export async function bodyBytes(response: Response): Promise<Bytes> {
  return knownBody(response) ?? new Uint8Array(await response.arrayBuffer());
}

/** The same status and body under other headers; a known body stays known. */
export function withHeaders(response: Response, headers: Headers): Response {
  const init = { status: response.status, statusText: response.statusText, headers };
  const bytes = knownBody(response);
  return bytes ? bytesResponse(bytes, init) : new Response(response.body, init);
}

/**
 * Sets headers on a response built by bytesResponse in place (its headers are ours to change,
 * and copying a Response costs more than the request's JWT check); any other response is
 * copied with withHeaders.
 */
export function setHeaders(response: Response, values: Record<string, string>): Response {
  if (knownBody(response) !== undefined) {
    for (const [name, value] of Object.entries(values)) response.headers.set(name, value);
    return response;
  }
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(values)) headers.set(name, value);
  return withHeaders(response, headers);
}
