/* global Deno */
// Serves one edge function's index.ts the way the edge runtime runs it: the entry calls
// Deno.serve(handler) with no options; here that handler listens on 127.0.0.1 on a port the
// system picks, which is printed ("listening on <port>") for the test that started it.
// Usage: deno run --config <function>/deno.json <permissions> serve.js <file URL of index.ts>
const serve = Deno.serve;
Deno.serve = (handler) =>
  serve(
    {
      hostname: '127.0.0.1',
      port: 0,
      onListen: ({ port }) => console.log(`listening on ${port}`),
    },
    handler,
  );
await import(Deno.args[0]);
