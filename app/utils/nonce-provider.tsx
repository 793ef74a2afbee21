import { createContext, useContext } from 'react'

const NonceContext = createContext<string>('')

/**
 * Carries the request's CSP nonce from entry.server to <Scripts> and friends:
 * only under /studio. Site pages have none (their policy names script hashes,
 * ADR 029), so their inline scripts carry no nonce attribute.
 */
export const NonceProvider = NonceContext.Provider

/** The nonce on the server under /studio; undefined elsewhere and in the browser (which hides it anyway). */
export const useNonce = () => useContext(NonceContext) || undefined
