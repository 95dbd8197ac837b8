import type { PackdeskBridge } from '../../shared/bridge';
import type { AppErrorShape } from '../../shared/errors';
import { defineMessages, PRODUCT_NAME } from '../../shared/i18n/messages';
import { currentIntl } from './i18n/current-intl';
import type { ChannelInput, ChannelName, ChannelOutput, EventName, EventPayload } from '../../shared/ipc';

const words = defineMessages({
  unreachable: { id: 'app.bridge.unreachable', defaultMessage: '{product} could not reach its own background process.' },
  restart: { id: 'app.bridge.restart', defaultMessage: 'Restart {product}. Nothing already saved is lost.' },
});
const PRODUCT = { product: PRODUCT_NAME };

/** An error from the main process, with its code and what the agent should do next. */
export class BridgeError extends Error {
  readonly code: string;
  readonly hint: string;
  readonly fields: readonly string[];

  constructor(shape: AppErrorShape) {
    super(shape.message);
    this.name = 'BridgeError';
    this.code = shape.code;
    this.hint = shape.hint;
    this.fields = shape.fields ?? [];
  }
}

/**
 * What the counter does when main refuses a call for want of a person (a sign-in, a supervisor's PIN):
 * asks for them, and resolves to whether the call may be made again. Registered by the people store.
 */
export type PersonNeeded = (refusal: BridgeError, channel: ChannelName, input: unknown) => Promise<boolean>;
let personNeeded: PersonNeeded | null = null;
const PERSON_REFUSALS = new Set(['sign_in_required', 'approval_required']);

export function onPersonNeeded(handler: PersonNeeded | null): void {
  personNeeded = handler;
}

async function callOnce<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const bridge = window.packdesk as unknown as Record<ChannelName, (value: unknown) => Promise<unknown>>;
  const result = (await bridge[channel](input)) as Awaited<ReturnType<PackdeskBridge[C]>>;
  if (!result.ok) throw new BridgeError(result.error);
  return result.value as ChannelOutput<C>;
}

/**
 * Calls a channel and returns its value, or throws a BridgeError the screens can show as is. A call
 * refused for want of a person is made once more after they signed in or approved; main decides again.
 */
export async function call<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  try {
    return await callOnce(channel, input);
  } catch (error) {
    if (!(error instanceof BridgeError) || !PERSON_REFUSALS.has(error.code) || !personNeeded) throw error;
    if (!(await personNeeded(error, channel, input))) throw error;
    return callOnce(channel, input);
  }
}

/** Anything caught in a screen, as the message and hint to show. */
export function describeError(error: unknown): { code: string; message: string; hint: string; fields?: readonly string[] } {
  if (error instanceof BridgeError)
    return { code: error.code, message: error.message, hint: error.hint, ...(error.fields.length ? { fields: error.fields } : {}) };
  const intl = currentIntl();
  return { code: 'internal', message: intl.formatMessage(words.unreachable, PRODUCT), hint: intl.formatMessage(words.restart, PRODUCT) };
}

/** Listens to one event pushed by the main process; returns the function that stops listening. */
export function subscribe<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void {
  return window.packdesk.on(name, listener);
}
