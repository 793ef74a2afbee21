import { Link, useLocation } from '@remix-run/react'
import { useEffect } from 'react'
import { buttonClassName } from '~/components/ui/button'

/** The not-found screen: the spec's exact text, and a way back to the pages that matter. */
export function NotFound() {
  const { pathname } = useLocation()
  useEffect(() => {
    console.warn(`404: a rota "${pathname}" não existe.`)
  }, [pathname])
  return (
    <section className="mx-auto max-w-2xl px-4 pt-16 pb-24 text-center" aria-labelledby="nao-encontrada">
      <p className="text-7xl font-extrabold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 id="nao-encontrada" className="mt-4 text-2xl font-bold text-ink-900 md:text-3xl">
        <span className="sr-only">404 — </span>Oops! Página não encontrada
      </h1>
      <p className="mt-3 text-ink-600">O endereço que você procurou não existe ou mudou de lugar.</p>
      <nav aria-label="Sugestões" className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClassName()}>
          Voltar para o início
        </Link>
        <Link to="/servicos" className={buttonClassName({ variant: 'secondary' })}>
          Conhecer os serviços
        </Link>
        <Link to="/contato" className={buttonClassName({ variant: 'secondary' })}>
          Falar com a equipe
        </Link>
      </nav>
    </section>
  )
}
