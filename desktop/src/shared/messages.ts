import { enStudio, format, type MessageParams } from '@magyarul/core/messages';

// The studio renders its messages from core's studio catalogue with core's `format`.
export type StudioMessageCode = keyof typeof enStudio;

export function studioMessage(code: StudioMessageCode, params: MessageParams = {}): string {
  return format(enStudio[code], params);
}
