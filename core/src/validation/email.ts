// The spec's "simple address pattern": something@something.something, no spaces. The server
// has the final word; this only catches typos before a request is sent.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}
