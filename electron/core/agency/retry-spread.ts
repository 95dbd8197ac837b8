/**
 * A wait before trying the agency again, spread over up to half as long again: counters cut off together
 * (the server restarted) would otherwise come back in step, every try of each landing at the same moment.
 * Never shorter than asked, so a long pause stays a pause.
 */
export const spreadDelay = (ms: number): number => Math.round(ms * (1 + Math.random() / 2));
