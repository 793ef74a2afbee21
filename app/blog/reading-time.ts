import type { ReadingText } from '~/content/schemas'
import { numberFormat } from '~/utils/numbers'

/** Words a reader reads per minute: the usual figure for Portuguese prose on screen. */
export const WORDS_PER_MINUTE = 200

const wordsIn = (text: string | null | undefined) => (text ? (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.,%$-]*/gu)?.length ?? 0) : 0)

/** The words of an article body: paragraphs, headings, lists and quotes, callouts and table cells. */
export function countWords(body: ReadingText): number {
  let words = 0
  for (const item of body) {
    if (item._type === 'block') for (const child of item.children ?? []) words += wordsIn(child.text)
    if (item._type === 'callout') words += wordsIn(item.text)
    if (item._type === 'figureTable') for (const row of item.rows ?? []) for (const cell of row.cells) words += wordsIn(cell)
  }
  return words
}

/** Minutes to read: an editor's figure when set, else the words at 200 a minute, rounded up (at least 1). */
export function readingMinutes(body: ReadingText, override?: number | null): number {
  if (override) return override
  return Math.max(1, Math.ceil(countWords(body) / WORDS_PER_MINUTE))
}

const wholeNumber = numberFormat({})

/** '{minutos} min de leitura' with the number in. */
export const readingTimeText = (label: string, minutes: number) => label.replace('{minutos}', wholeNumber.format(minutes))
