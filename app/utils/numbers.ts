/**
 * pt-BR number formats, made on first use. Making a page's first
 * `Intl.NumberFormat` loads the locale's data: about 80-140 ms on the phone the
 * benches emulate (issue 42); any later format of the locale costs a few ms.
 * Made at module level, it lengthened the one task that evaluates all of a
 * page's modules, the longest. `whenIdle`: a format a tap will show (the
 * calculator's result) is made when the page is first idle in the browser, so
 * that tap does not pay for the locale's data; a page that shows no number
 * pays nothing.
 */
export function numberFormat(options: Intl.NumberFormatOptions, { whenIdle = false }: { whenIdle?: boolean } = {}): { format: (value: number) => string } {
  let made: Intl.NumberFormat | undefined
  const make = () => (made ??= new Intl.NumberFormat('pt-BR', options))
  if (whenIdle && typeof window !== 'undefined') (window.requestIdleCallback ?? setTimeout)(make)
  return { format: (value) => make().format(value) }
}
