/** Content is down: the page answers 503 with this message, never a crash (root ErrorBoundary). */
export const CONTENT_UNAVAILABLE_MESSAGE = 'O conteúdo desta página está temporariamente indisponível. Tente novamente em alguns minutos.'

export const CONTENT_UNAVAILABLE_TITLE = 'Conteúdo temporariamente indisponível'

/** A path or document that does not exist: the 404's message (the page itself is components/errors/not-found.tsx). */
export const NOT_FOUND_MESSAGE = 'Página não encontrada'

/** An editor's draft preview (ADR 037): the bar on every page, outside the Studio, and the exit's answer to a visit. */
export const previewCopy = {
  region: 'Pré-visualização',
  notice: 'Você está vendo rascunhos',
  exit: 'Sair da pré-visualização',
} as const

/** A method an address does not take (405): the site's error page for a page; the first line alone as text or JSON elsewhere. */
export const methodNotAllowedCopy = {
  title: 'Este endereço não aceita esse tipo de envio',
  text: 'A página existe, mas não recebe o que foi enviado. Volte para a página e use os botões e formulários dela.',
  link: 'Voltar para o início',
} as const
