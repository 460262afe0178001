// Deno entry for Supabase Edge Functions; the logic is in handler.ts (also served locally).
import { handler } from './handler.ts';

Deno.serve((req: Request) => handler(req, Deno.env.toObject()));
