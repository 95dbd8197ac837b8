/** "4 min 12 s", "38 s": how long an exercise took, as a trainer reads it. */
export function formatSeconds(seconds: number): string {
  const whole = Math.max(Math.round(seconds), 0);
  const minutes = Math.floor(whole / 60);
  return minutes > 0 ? `${minutes} min ${whole % 60} s` : `${whole} s`;
}
