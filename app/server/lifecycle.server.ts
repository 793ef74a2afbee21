/**
 * Whether this instance is stopping. On SIGTERM (start.server.ts) it drains:
 * /healthz answers 503 at once, so a load balancer stops sending new
 * requests, and every answer closes its connection, while the requests in
 * flight finish.
 */
let draining = false

export function beginDraining(): void {
  draining = true
}

export function isDraining(): boolean {
  return draining
}
