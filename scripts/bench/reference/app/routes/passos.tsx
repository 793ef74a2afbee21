/**
 * The reference's tool: three steps, each a Remix `<Link>` to `?passo=N`
 * whose `clientLoader` answers from the URL in the browser, as the site's
 * tools answer a step (the calculator's metric, for one). The flows bench
 * times its taps beside the site's: what the bare framework costs for one
 * step answered in the page, on the same phone, in the same run.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import type { ClientLoaderFunctionArgs } from '@remix-run/react'
import { Link, useLoaderData } from '@remix-run/react'

export const meta: MetaFunction = () => [{ title: 'Passos de referência | Bench' }]

const STEPS = ['Conte qual é o negócio e quem compra dele.', 'Diga o que a equipe faz à mão e toma mais tempo.', 'Escolha a meta do trimestre e como medi-la.']

function stepOf(url: URL) {
  const step = Number(url.searchParams.get('passo') ?? '1')
  return Number.isInteger(step) && step >= 1 && step <= STEPS.length ? step : 1
}

export function loader({ request }: LoaderFunctionArgs) {
  return { step: stepOf(new URL(request.url)) }
}

/** A step is arithmetic on the URL: answered here, with no request. */
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  return { step: stepOf(new URL(request.url)) }
}

export default function Steps() {
  const { step } = useLoaderData<typeof clientLoader>()
  return (
    <main>
      <h1>Passos de referência</h1>
      <p>
        <span>
          Passo {step} de {STEPS.length}
        </span>
      </p>
      <p>{STEPS[step - 1]}</p>
      {step < STEPS.length ? (
        <Link to={`?passo=${step + 1}`} preventScrollReset>
          Próximo
        </Link>
      ) : (
        <Link to="?passo=1" preventScrollReset>
          Recomeçar
        </Link>
      )}
    </main>
  )
}
