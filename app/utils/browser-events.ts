/**
 * A plain primary click, one the page may answer in place: not a middle
 * click, and no modifier key asking for a new tab, a new window or a
 * download.
 */
export const isPlainClick = (event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
