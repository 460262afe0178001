import type { Message, Rendered } from '../messages/index.ts';

/** The parts of a browser File (or an Electron-side stat) the rules look at. */
export type FileLike = { readonly name: string; readonly size: number; readonly type: string };

export type FileRejection = Message &
  Rendered & {
    readonly ok: false;
    readonly code: 'invalid-type' | 'too-large';
  };

export type FileCheck = { readonly ok: true } | FileRejection;

/** Bytes in a megabyte as the upload limits count them (binary MB, as browsers report size). */
export const MEGABYTE = 1024 * 1024;

/** The lower-case extension with its dot ('.mp3'), or '' when the name has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot).toLowerCase();
}
