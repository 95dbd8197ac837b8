/** With SOAK_TRACE=1, a timestamped line on stderr for each fault the soak makes land, to line up with the agency's change log. */
export function trace(message: string): void {
  if (process.env.SOAK_TRACE === '1') console.error(`[agency soak] ${new Date().toISOString()} ${message}`);
}
