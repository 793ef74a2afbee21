/** Content is down: the page answers 503 with this message, never a crash (root ErrorBoundary). */
export const CONTENT_UNAVAILABLE_MESSAGE = 'O conteúdo desta página está temporariamente indisponível. Tente novamente em alguns minutos.'

export const CONTENT_UNAVAILABLE_TITLE = 'Conteúdo temporariamente indisponível'
