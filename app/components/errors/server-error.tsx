import type { ReactNode } from 'react'
import { useRootSettings } from '~/components/hooks/use-site-settings'
import { builtInEmail } from '~/content/built-in-site-settings'
import { methodNotAllowedCopy } from '~/content/messages'

/** An error page's content: the status, what happened, and the way back home. */
function StatusMessage({ status, title, text, home }: { status: number; title: string; text: ReactNode; home: string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 pt-16 pb-20 text-center">
      <p className="text-5xl font-bold text-brand-700">{status}</p>
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      <p className="mt-3 text-ink-600">{text}</p>
      <a href="/" className="mt-8 inline-block font-semibold text-brand-700 underline">
        {home}
      </a>
    </section>
  )
}

/** Any other error (a 500): the shell stays, with an apology and a way to reach us. */
export function ServerErrorMessage({ status }: { status: number }) {
  // No root data after a refused post: the built-in address.
  const email = useRootSettings()?.email ?? builtInEmail
  return (
    <StatusMessage
      status={status}
      title="Algo deu errado do nosso lado"
      home="Voltar para o início"
      text={
        <>
          Tente novamente em instantes. Se o problema continuar, escreva para{' '}
          <a className="font-semibold text-brand-700 underline" href={`mailto:${email}`}>
            {email}
          </a>
          .
        </>
      }
    />
  )
}

/** A method the address does not take (405): the page exists, but not for what was sent. */
export function MethodNotAllowedMessage() {
  return <StatusMessage status={405} title={methodNotAllowedCopy.title} text={methodNotAllowedCopy.text} home={methodNotAllowedCopy.link} />
}
