/** Polls until `check` passes (a worker or an inline delivery runs on its own time), or rethrows its last failure. */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 8_000): Promise<void> {
  const started = Date.now()
  for (;;) {
    try {
      return await check()
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}
