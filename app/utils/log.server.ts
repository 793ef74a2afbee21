/**
 * One JSON line per event on stdout: easy to read in a terminal and to ship to
 * a log store. The ground floor: every layer (routes, domains, the server) may
 * log through it.
 */
export type LogLine = Record<string, string | number | boolean | null | undefined>

export function logJson(line: LogLine, write: (text: string) => void = (text) => process.stdout.write(text)) {
  write(`${JSON.stringify({ time: new Date().toISOString(), ...line })}\n`)
}
