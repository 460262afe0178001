// `node --import ./register.mjs`: resolves `electron` to the fake for ESM imports.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (specifier === 'electron') {
    return { url: ${JSON.stringify(new URL('./electron.mjs', import.meta.url).href)}, shortCircuit: true };
  }
  return next(specifier, context);
}`),
);
