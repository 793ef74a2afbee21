import { createContext, useContext } from 'react'

const NonceContext = createContext<string>('')

/** Carries the request's CSP nonce from entry.server to <Scripts> and friends. */
export const NonceProvider = NonceContext.Provider

/** The nonce on the server; an empty string in the browser (which hides it anyway). */
export const useNonce = () => useContext(NonceContext)
