/**
 * Whether `name` is an IANA time-zone name the runtime can use. Fixed UTC offsets such as `+02:00`
 * are refused: they are not IANA names and would not survive daylight-saving changes.
 */
export function isValidTimeZone(name: string): boolean {
  if (name === '' || /^[+-]/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
