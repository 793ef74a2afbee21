/**
 * Rich text becomes HTML here, on the server, with the site's one component
 * map and Portable Text's React renderer (ADR 028). The browser receives the
 * markup (in the page and in the loader's data) and never the renderer: a
 * page with rich text loads about 5 KiB less JavaScript up front. What the
 * map renders is static (headings, lists, links, callouts, images, tables);
 * the body's internal links still navigate in the page (`RichTextBody`).
 * The HTML is React's, every string escaped: none comes raw from the content.
 */
import { PortableText, type PortableTextComponents } from '@portabletext/react'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { cx } from '~/components/ui/class-names'
import { ScrollingTable } from '~/components/ui/scrolling-table'
import { headingId, headingIds, type RichTextHtml, type WithBodyHtml } from '~/content/rich-text'
import { CALLOUT_TONES, type CalloutTone } from '~/content/rules'
import type { ContentImage, RichText } from '~/content/schemas'
import { Image } from './image'

function plainText(children: ReactNode): string {
  if (typeof children === 'string' || typeof children === 'number') return String(children)
  if (Array.isArray(children)) return children.map(plainText).join('')
  if (children && typeof children === 'object' && 'props' in children) {
    return plainText((children as { props: { children?: ReactNode } }).props.children)
  }
  return ''
}

type TableRow = { _key: string; cells: string[] }
type FigureTableValue = { caption?: string; rows: TableRow[] }
type CalloutValue = { tone: CalloutTone; text: string }
type BodyImageValue = ContentImage & { caption?: string | null }

/** Each callout tone's look and the word a screen reader hears first. */
const calloutStyles: Record<CalloutTone, { className: string }> = {
  dica: { className: 'border-brand-600 bg-brand-50' },
  atencao: { className: 'border-accent-500 bg-accent-300/20' },
  exemplo: { className: 'border-ink-500 bg-ink-50' },
}
const calloutLabels = new Map(CALLOUT_TONES.map(({ value, label }) => [value, label]))

const isExternal = (href: string) => /^(https?:)?\/\//.test(href)
const SAFE_HREF = /^(\/|#|https?:\/\/|mailto:|tel:)/

function createComponents(ids: Map<string, string>): PortableTextComponents {
  const idOf = (key: string | undefined, children: ReactNode) => (key && ids.get(key)) || headingId(plainText(children))
  return {
    block: {
      h2: ({ children, value }) => (
        <h2 id={idOf(value._key, children)} className="mt-10 scroll-mt-24 text-2xl font-bold text-ink-900">
          {children}
        </h2>
      ),
      h3: ({ children, value }) => (
        <h3 id={idOf(value._key, children)} className="mt-8 scroll-mt-24 text-xl font-semibold text-ink-900">
          {children}
        </h3>
      ),
      normal: ({ children }) => <p className="mt-4 leading-relaxed text-ink-700">{children}</p>,
      blockquote: ({ children }) => <blockquote className="mt-6 border-l-4 border-brand-600 pl-4 text-lg text-ink-800 italic">{children}</blockquote>,
    },
    list: {
      bullet: ({ children }) => <ul className="mt-4 list-disc space-y-2 pl-6 text-ink-700">{children}</ul>,
      number: ({ children }) => <ol className="mt-4 list-decimal space-y-2 pl-6 text-ink-700">{children}</ol>,
    },
    marks: {
      strong: ({ children }) => <strong className="font-semibold text-ink-900">{children}</strong>,
      em: ({ children }) => <em>{children}</em>,
      link: ({ value, children }) => {
        const { href: rawHref, affiliate } = (value ?? {}) as { href?: string; affiliate?: boolean }
        const href = String(rawHref ?? '')
        // Only the link kinds the schema allows; anything else (javascript:...) renders as plain text.
        if (!SAFE_HREF.test(href)) return <>{children}</>
        return (
          <a
            href={href}
            className="font-semibold text-brand-700 underline underline-offset-2"
            // Outbound links open in a new tab without handing it our window; an affiliate link also tells search engines it is paid.
            {...(isExternal(href) ? { target: '_blank', rel: affiliate ? 'noopener noreferrer nofollow sponsored' : 'noopener noreferrer' } : {})}
          >
            {children}
          </a>
        )
      },
    },
    types: {
      callout: ({ value }) => {
        const { tone, text } = value as CalloutValue
        return (
          <aside className={cx('mt-6 rounded-xl border-l-4 px-5 py-4 text-ink-800', calloutStyles[tone]?.className)}>
            <p>
              <strong className="font-bold text-ink-900">{calloutLabels.get(tone) ?? 'Nota'}: </strong>
              {text}
            </p>
          </aside>
        )
      },
      image: ({ value }) => {
        const image = value as BodyImageValue
        return (
          <figure className="mt-8">
            <Image image={image} maxWidth={768} className="w-full rounded-xl" />
            {image.caption ? <figcaption className="mt-2 text-center text-sm text-ink-600">{image.caption}</figcaption> : null}
          </figure>
        )
      },
      figureTable: ({ value }) => {
        const { caption, rows } = value as FigureTableValue
        const [header, ...body] = rows
        return (
          // Wider than a phone, the table scrolls sideways: the keyboard reaches it too, a region named by its caption.
          <ScrollingTable label={caption} className="mt-6 rounded-xl border border-ink-200" tableClassName="min-w-[20rem] text-sm">
            {caption ? <caption className="bg-ink-50 px-4 py-3 text-left font-semibold text-ink-900">{caption}</caption> : null}
            {header ? (
              <thead className="bg-ink-100 text-ink-800">
                <tr>
                  {header.cells.map((cell, index) => (
                    <th key={index} scope="col" className="px-4 py-2 font-semibold">
                      {cell}
                    </th>
                  ))}
                </tr>
              </thead>
            ) : null}
            <tbody>
              {body.map((row) => (
                <tr key={row._key} className="border-t border-ink-200">
                  {row.cells.map((cell, index) =>
                    index === 0 ? (
                      <th key={index} scope="row" className="px-4 py-2 font-medium text-ink-800">
                        {cell}
                      </th>
                    ) : (
                      <td key={index} className="px-4 py-2 text-ink-700 tabular-nums">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </ScrollingTable>
        )
      },
    },
  }
}

/** Rich text from the content as the HTML the page shows (`RichTextBody`). */
export function richTextHtml(value: RichText): RichTextHtml {
  return { html: renderToStaticMarkup(<PortableText value={value} components={createComponents(headingIds(value))} />) }
}

/** `item` as its loader sends it: its `body` as HTML, or null where it has none (a case may have no body). */
export function withBodyHtml<T extends { body?: RichText | null }>(item: T): WithBodyHtml<T> {
  return { ...item, body: item.body ? richTextHtml(item.body) : null } as WithBodyHtml<T>
}
