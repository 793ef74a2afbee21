import { slugify } from './rules'
import type { RichText } from './schemas'

/** The id a heading gets, so a table of contents can link to it: "1. Quem somos" → "1-quem-somos". */
export const headingId = (text: string): string => slugify(text)

type Block = RichText[number]

function blockText(block: Block): string {
  return ((block.children as { text?: string }[] | undefined) ?? []).map((child) => child.text ?? '').join('')
}

/**
 * The id of every h2/h3 of a body, by block _key, unique within the body
 * (a repeated heading gets -2, -3...). The same ids are used by the rendered
 * headings and by `tableOfContents`, so links always land.
 */
export function headingIds(value: RichText): Map<string, string> {
  const ids = new Map<string, string>()
  const used = new Map<string, number>()
  for (const block of value) {
    if (block._type !== 'block' || (block.style !== 'h2' && block.style !== 'h3')) continue
    const base = headingId(blockText(block)) || 'secao'
    const count = (used.get(base) ?? 0) + 1
    used.set(base, count)
    ids.set(block._key, count === 1 ? base : `${base}-${count}`)
  }
  return ids
}

/** The h2 headings of a body, for a table of contents (ids match the rendered headings). */
export function tableOfContents(value: RichText): { id: string; label: string }[] {
  const ids = headingIds(value)
  return value
    .filter((block) => block._type === 'block' && block.style === 'h2')
    .map((block) => ({ id: ids.get(block._key) ?? headingId(blockText(block)), label: blockText(block) }))
}

/**
 * A rich text body as HTML, rendered on the server from the content's Portable Text
 * (`richTextHtml` in rich-text-html.server.tsx): the only HTML `RichTextBody` shows.
 */
export type RichTextHtml = { html: string }

/** Content whose `body` is rich text, as a loader sends it: the body as HTML (none where it has none). */
export type WithBodyHtml<T extends { body?: unknown }> = Omit<T, 'body'> & { body: T['body'] extends RichText ? RichTextHtml : RichTextHtml | null }
