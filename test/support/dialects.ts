import { expect } from 'vitest';
import { DIALECTS } from '../../electron/sandbox/dialect';
import type { Dialect } from '../../electron/sandbox/dialect';

/** Every flow runs against both dialects of the built-in service: the one Packdesk was written beside, and one that chooses differently. */
export { DIALECTS };
export type { Dialect };

/** A booking reference as either dialect writes it; the client keeps whatever the service gives. */
export const aReference = () => expect.stringMatching(/^(PKD[A-Z0-9]{7}|BKG-[A-Z0-9]{4}-[A-Z0-9]{4})$/);
