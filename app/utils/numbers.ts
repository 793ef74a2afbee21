/**
 * pt-BR number formats, made when the page is idle. Making a page's first
 * `Intl.NumberFormat` loads the locale's data: about 90 ms on the phone the
 * benches emulate (issue 42). Made at module level, it lengthened the one task
 * that evaluates all of a page's modules, the longest; made on first use, a
 * tap that shows a number paid for it. In the browser each format is made
 * when the main thread is first idle (after hydration, before most taps); on
 * the server, and for a use before then, on first use.
 */
export function numberFormat(options: Intl.NumberFormatOptions): { format: (value: number) => string } {
  let made: Intl.NumberFormat | undefined
  const make = () => (made ??= new Intl.NumberFormat('pt-BR', options))
  if (typeof window !== 'undefined') (window.requestIdleCallback ?? setTimeout)(make)
  return { format: (value) => make().format(value) }
}
