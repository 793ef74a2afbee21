/** A Content-Security-Policy header as directive → values ("script-src 'self' 'sha256-…'" → { 'script-src': ["'self'", "'sha256-…'"] }). */
export function parsePolicy(header: string): Record<string, string[]> {
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  )
}
