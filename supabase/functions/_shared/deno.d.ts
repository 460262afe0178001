// The slice of the Deno runtime the index.ts entries use, so they type-check and lint under
// Node's TypeScript (the handlers themselves use Web APIs only).
declare namespace Deno {
  function serve(handler: (req: Request) => Response | Promise<Response>): unknown;
  namespace env {
    function toObject(): Record<string, string>;
  }
}
