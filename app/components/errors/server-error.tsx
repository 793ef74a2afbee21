import { useRootSettings } from '~/components/hooks/use-site-settings'
import { builtInEmail } from '~/content/built-in-site-settings'

/** Any other error (a 500): the shell stays, with an apology and a way to reach us. */
export function ServerErrorMessage({ status }: { status: number }) {
  // No root data after a refused post: the built-in address.
  const email = useRootSettings()?.email ?? builtInEmail
  return (
    <section className="mx-auto max-w-2xl px-4 pt-16 pb-20 text-center">
      <p className="text-5xl font-bold text-brand-700">{status}</p>
      <h1 className="mt-4 text-2xl font-bold">Algo deu errado do nosso lado</h1>
      <p className="mt-3 text-ink-600">
        Tente novamente em instantes. Se o problema continuar, escreva para{' '}
        <a className="font-semibold text-brand-700 underline" href={`mailto:${email}`}>
          {email}
        </a>
        .
      </p>
      <a href="/" className="mt-8 inline-block font-semibold text-brand-700 underline">
        Voltar para o início
      </a>
    </section>
  )
}
