// SQL spelling: identifiers are always quoted; the few literals are quoted strings.

export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
