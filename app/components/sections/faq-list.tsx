import type { Faq } from '~/content/schemas'

/** Questions as <details>: they open and close with or without JavaScript, by mouse or keyboard. */
export function FaqList({ items }: { items: readonly Faq[] }) {
  return (
    <div className="mt-8 divide-y divide-ink-200 rounded-2xl ring-1 ring-ink-200">
      {items.map((item) => (
        <details key={item._id} className="group px-6 py-4">
          <summary className="flex cursor-pointer items-center justify-between gap-4 font-semibold text-ink-900">
            {item.question}
            <span aria-hidden="true" className="text-2xl leading-none text-brand-700 transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <p className="mt-3 leading-relaxed text-ink-600">{item.answer}</p>
        </details>
      ))}
    </div>
  )
}
