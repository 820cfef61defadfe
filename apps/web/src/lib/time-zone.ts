/** The browser's IANA time zone (`Europe/Berlin`), else `UTC`: the default zone of a new schedule. */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
