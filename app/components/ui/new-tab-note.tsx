/** Read after the text of a link that opens a new tab (target="_blank"), so screen-reader users know before they follow it. */
export function NewTabNote() {
  return <span className="sr-only"> (abre em nova aba)</span>
}
