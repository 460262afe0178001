/** The value stored in *_search columns: NFC, lower-cased with Hungarian rules (Ő → ő). */
export function searchText(text: string): string {
  return text.normalize('NFC').toLocaleLowerCase('hu');
}
