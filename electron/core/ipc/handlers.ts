import type { Handlers } from '../dispatch';

/** The handlers of some channels: each area of the app registers its own, and `createCore` joins them. */
export type AreaHandlers<C extends keyof Handlers> = Pick<Handlers, C>;
