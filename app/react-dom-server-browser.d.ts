// react-dom 18 ships its Web Streams renderer as `react-dom/server.browser`; @types/react-dom types it under
// `react-dom/server` only (entry.server.tsx says why the site uses it on Node).
declare module 'react-dom/server.browser' {
  export { renderToReadableStream } from 'react-dom/server'
}
