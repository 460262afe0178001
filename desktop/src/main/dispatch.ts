import type { Channel, Envelope, Handlers } from '../shared/ipc.ts';
import { VALIDATORS } from '../shared/ipc.ts';
import type { StudioError } from '../shared/model.ts';
import type { Validator } from '../shared/validate.ts';
import { InvalidArgumentError, validateArgs } from '../shared/validate.ts';

export type Dispatch = (channel: string, args: readonly unknown[]) => Promise<Envelope<unknown>>;
export type Logger = (message: string, context: Record<string, unknown>) => void;

/** An error a service raises on purpose: its code and message reach the author as they are. */
export class StudioFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function isChannel(channel: string): channel is Channel {
  return Object.hasOwn(VALIDATORS, channel);
}

function toStudioError(error: unknown): StudioError {
  if (error instanceof InvalidArgumentError || error instanceof StudioFailure) {
    return { code: error.code, message: error.message };
  }
  return { code: 'internal', message: 'Something went wrong. The details are in the log.' };
}

/**
 * The one way into the handlers, used by Electron's ipcMain and by the test harness's HTTP
 * bridge alike: unknown channels are refused, arguments validated, and errors turned into data.
 */
export function createDispatcher(handlers: Handlers, log: Logger): Dispatch {
  return async (channel, args) => {
    if (!isChannel(channel)) {
      return {
        ok: false,
        error: { code: 'unknown_channel', message: `No such channel: ${channel}` },
      };
    }
    try {
      const validators = VALIDATORS[channel] as readonly Validator<unknown>[];
      const valid = validateArgs<readonly unknown[]>(validators, args, channel);
      const handler = handlers[channel] as (...a: readonly unknown[]) => unknown;
      const value: unknown = await handler(...valid);
      return { ok: true, value: value ?? null };
    } catch (error) {
      const studioError = toStudioError(error);
      if (studioError.code === 'internal') log('IPC handler failed', { channel, error });
      return { ok: false, error: studioError };
    }
  };
}
