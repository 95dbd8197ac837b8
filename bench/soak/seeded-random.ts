/** A small seeded generator (mulberry32) over a mix of numbers: the same inputs give the same sequence. */
export function seededRandom(...parts: number[]): () => number {
  let state = parts.reduce((hash, part) => Math.imul(hash ^ (part >>> 0), 2_654_435_761) >>> 0, 0x9e3779b9);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}
