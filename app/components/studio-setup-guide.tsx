import type { ReactNode } from 'react'

function Code({ children }: { children: ReactNode }) {
  return <code className="rounded bg-ink-100 px-1.5 py-0.5 font-mono text-sm break-all text-ink-900">{children}</code>
}

/** /studio with no Sanity project: what to set up, step by step. */
export function ConnectProject({ siteUrl }: { siteUrl: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16" aria-labelledby="conectar-titulo">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Studio de conteúdo</p>
      <h1 id="conectar-titulo" className="mt-2 text-3xl font-bold text-ink-900">
        Conecte um projeto Sanity para editar o conteúdo
      </h1>
      <p className="mt-4 text-ink-700">
        Nenhum projeto Sanity está configurado, então o site mostra o conteúdo guardado no próprio repositório (os arquivos de <Code>studio/seed/</Code>). Tudo
        continua funcionando; para editar os textos pelo Studio, conecte um projeto:
      </p>
      <ol className="mt-6 list-decimal space-y-4 pl-6 text-ink-700">
        <li>
          Crie um projeto gratuito em{' '}
          <a className="font-semibold text-brand-700 underline" href="https://www.sanity.io/manage" target="_blank" rel="noopener noreferrer">
            sanity.io/manage
          </a>{' '}
          e anote o <strong>ID do projeto</strong> e o nome do <strong>dataset</strong> (por exemplo, <Code>production</Code>).
        </li>
        <li>
          Defina as variáveis de ambiente do servidor (no arquivo <Code>.env</Code> em desenvolvimento):
          <ul className="mt-2 list-disc space-y-1 pl-6">
            <li>
              <Code>SANITY_PROJECT_ID</Code> e <Code>SANITY_DATASET</Code>: o projeto que o site lê e que o Studio edita;
            </li>
            <li>
              <Code>SANITY_STUDIO_PROJECT_ID</Code> e <Code>SANITY_STUDIO_DATASET</Code> (opcionais): só se o Studio tiver de editar outro projeto ou dataset;
            </li>
            <li>
              <Code>SANITY_READ_TOKEN</Code> (opcional): apenas para datasets privados.
            </li>
          </ul>
        </li>
        <li>
          Em sanity.io/manage, abra <strong>API → CORS origins</strong> e adicione a origem deste site, <Code>{siteUrl}</Code>, com a opção{' '}
          <strong>Allow credentials</strong> marcada. Sem ela, o login do Studio não funciona.
        </li>
        <li>
          Carregue o conteúdo de exemplo no dataset: crie um token com permissão de escrita (<strong>API → Tokens</strong>, papel Editor) e rode{' '}
          <Code>SANITY_WRITE_TOKEN=seu-token npm run content:import</Code>. O comando pode ser repetido sem duplicar nada e nunca apaga documentos.
        </li>
        <li>Reinicie o servidor e abra esta página de novo: o Studio aparece aqui, com as páginas fixas no topo e as listas abaixo.</li>
        <li>
          Opcional, para que uma publicação apareça no site na hora: em <strong>API → Webhooks</strong>, crie um webhook <Code>POST</Code> para{' '}
          <Code>{`${siteUrl}/api/content/revalidate`}</Code> com um segredo, e defina o mesmo valor em <Code>SANITY_WEBHOOK_SECRET</Code>. Sem ele, o site busca
          o conteúdo novo em até 60 segundos.
        </li>
      </ol>
    </section>
  )
}

/** What /studio shows while the Studio's code loads, and in place of it without JavaScript. */
export function StudioLoading({ needsJavaScript = false }: { needsJavaScript?: boolean }) {
  return (
    <p role="status" className="flex h-full items-center justify-center px-6 text-center text-ink-700">
      Carregando o Studio…
      {needsJavaScript ? ' Ele precisa de JavaScript ativado no navegador: sem JavaScript, o conteúdo continua sendo editado diretamente em sanity.io.' : null}
    </p>
  )
}
