/** Content is down: the page answers 503 with this message, never a crash (root ErrorBoundary). */
export const CONTENT_UNAVAILABLE_MESSAGE = 'O conteúdo desta página está temporariamente indisponível. Tente novamente em alguns minutos.'

export const CONTENT_UNAVAILABLE_TITLE = 'Conteúdo temporariamente indisponível'

/** A path or document that does not exist: the 404's message (the page itself is components/errors/not-found.tsx). */
export const NOT_FOUND_MESSAGE = 'Página não encontrada'
