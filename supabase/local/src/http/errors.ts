// JSON responses shared by the HTTP layer. Never put stack traces in a body.

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

export function notFound(path: string): Response {
  return json(404, {
    code: 'PGRST125',
    message: `Invalid path specified in request URL: ${path}`,
    details: null,
    hint: null,
  });
}

export function payloadTooLarge(limit: number): Response {
  return json(413, {
    code: 'PGRST413',
    statusCode: '413',
    error: 'Payload too large',
    message: `The request body exceeds the limit of ${limit} bytes`,
  });
}

export function internalError(): Response {
  return json(500, {
    code: 'XX000',
    message: 'Internal server error',
    details: null,
    hint: null,
  });
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body larger than ${limit} bytes`);
  }
}
