/**
 * pt-BR number formats, made outside the evaluation of the page's modules.
 * Making a page's first `Intl.NumberFormat` loads the locale's data: about
 * 100 ms on the phone the benches emulate (issue 42). Made while the modules
 * load, it lengthened the one task that evaluates them all, a page's longest.
 * In the browser each format is made in a task of its own right after them
 * (a zero timeout), so the work is split, and done before any tap; on the
 * server, on first use.
 */
export function numberFormat(options: Intl.NumberFormatOptions): { format: (value: number) => string } {
  let made: Intl.NumberFormat | undefined
  const make = () => (made ??= new Intl.NumberFormat('pt-BR', options))
  if (typeof document !== 'undefined') setTimeout(make, 0)
  return { format: (value) => make().format(value) }
}
