import { methodNotAllowedCopy } from '~/content/messages'

/** A method the address does not take (405): the page exists, but not for what was sent. */
export function MethodNotAllowedMessage() {
  return (
    <section className="mx-auto max-w-2xl px-4 pt-16 pb-20 text-center">
      <p className="text-5xl font-bold text-brand-700">405</p>
      <h1 className="mt-4 text-2xl font-bold">{methodNotAllowedCopy.title}</h1>
      <p className="mt-3 text-ink-600">{methodNotAllowedCopy.text}</p>
      <a href="/" className="mt-8 inline-block font-semibold text-brand-700 underline">
        {methodNotAllowedCopy.link}
      </a>
    </section>
  )
}
