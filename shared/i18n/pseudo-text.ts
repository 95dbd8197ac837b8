const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = Array.from('àƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ');
const VOWELS = new Set('aeiouAEIOU');

/** "Search" → "Šééàŕçĥ": every letter accented, every vowel twice, so text grows about 40% as German and French do. */
export function pseudoText(text: string): string {
  let out = '';
  for (const letter of text) {
    const index = PLAIN.indexOf(letter);
    const accented = index < 0 ? letter : (ACCENTED[index] ?? letter);
    out += VOWELS.has(letter) ? accented + accented : accented;
  }
  return out;
}
