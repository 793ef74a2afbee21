/**
 * The reference app's one page: a header, a few sections of text and a
 * footer, the content coming from the loader as a content page's does (so the
 * single-fetch loader data rides in the HTML as it does on ours). No CSS.
 */
import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

export const meta: MetaFunction = () => [
  { title: 'Página de referência | Bench' },
  { name: 'description', content: 'Uma página Remix simples, medida ao lado das páginas do site.' },
]

const sections = [
  {
    id: 'estrategia',
    title: 'Estratégia antes da ferramenta',
    paragraphs: [
      'Todo projeto começa entendendo o negócio: quem compra, por que compra e o que faz a pessoa desistir no meio do caminho. Só depois escolhemos canais, ferramentas e metas.',
      'O diagnóstico inicial olha para o funil inteiro, do primeiro clique ao pós-venda, e aponta onde cada real investido rende mais. Com isso, o plano de trabalho sai com prioridades claras e prazos realistas.',
    ],
  },
  {
    id: 'automacao',
    title: 'Automação que libera a equipe',
    paragraphs: [
      'Tarefas repetitivas, como responder dúvidas frequentes, qualificar contatos e enviar lembretes, podem rodar sozinhas. A equipe fica com o que exige conversa, negociação e criatividade.',
      'Cada automação é medida: quanto tempo economiza, quantos contatos avançam no funil e quantos erros deixa de cometer. O que não se paga é desligado.',
    ],
  },
  {
    id: 'trafego',
    title: 'Tráfego pago com método',
    paragraphs: [
      'Campanhas nascem de hipóteses escritas, com público, mensagem e oferta definidos. Os testes têm orçamento e prazo, e os resultados entram no relatório semanal.',
      'Custo por aquisição, taxa de conversão e retorno sobre o investimento são acompanhados lado a lado, para que a decisão de escalar ou pausar seja tomada com números.',
    ],
  },
  {
    id: 'resultados',
    title: 'Resultados que aparecem no caixa',
    paragraphs: [
      'O objetivo final é vender mais com o mesmo esforço. Por isso, cada ação é ligada a uma métrica de receita, e os painéis mostram o que mudou desde o início do projeto.',
      'Reuniões mensais revisam o plano, celebram o que funcionou e cortam o que não trouxe retorno. Transparência é parte do serviço.',
    ],
  },
]

export function loader() {
  return { title: 'Crescimento digital com método', lead: 'Estratégia, automação e tráfego para empresas que querem vender mais.', sections }
}

export default function Index() {
  const page = useLoaderData<typeof loader>()
  return (
    <>
      <header>
        <a href="/">Referência</a>
        <nav aria-label="Principal">
          <ul>
            {page.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main>
        <h1>{page.title}</h1>
        <p>{page.lead}</p>
        {page.sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-titulo`}>
            <h2 id={`${section.id}-titulo`}>{section.title}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </main>
      <footer>
        <p>Página de referência do bench. Todos os direitos reservados.</p>
        <p>
          <a href="/">Início</a> · <a href="#estrategia">Estratégia</a> · <a href="#resultados">Resultados</a>
        </p>
      </footer>
    </>
  )
}
