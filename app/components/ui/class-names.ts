/**
 * Joins class names, skipping falsy ones. Our primitives put the caller's
 * `className` last; there is no Tailwind class merging, so pass classes that
 * add to the defaults (margins, widths) rather than ones that fight them.
 */
export function cx(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ')
}
