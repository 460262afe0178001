import { en, enStudio, format, type Message, type MessageParams } from '@magyarul/core/messages';

// The studio's catalogue (English, its one language): its own texts by code (core's enStudio),
// and core's texts by catalogue key for what core hands the studio as keys (the lesson-file
// readers' findings, the same keys the web admin renders in its language). Both are rendered
// with core's `format`; nothing the studio shows is a sentence written outside a catalogue.
export type StudioMessageCode = keyof typeof enStudio;

export function studioMessage(code: StudioMessageCode, params: MessageParams = {}): string {
  return format(enStudio[code], params);
}

/** A message core returned (catalogue key and parameters), in the studio's words. */
export function renderMessage(message: Message): string {
  return format(en[message.key], message.params);
}
