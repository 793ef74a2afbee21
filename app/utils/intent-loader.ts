/**
 * The browser's half of loading the modules on intent (ADR 033; the server's
 * half: app/server/load-on-intent.ts). A classic inline script, rendered by
 * the root on the server only: on the first scroll, pointer, key or focus it
 * runs the deferred blocks in document order (Remix's context and data as
 * classic scripts, then its module script: route imports, manifest, entry),
 * and React hydrates. A document without deferred blocks (development, where
 * Vite's modules run at once) is left alone.
 */

/** The type that keeps a script (Remix's module script, its context) from running until the first intent. */
export const DEFERRED_MODULES_TYPE = 'application/x-modulos-na-intencao'
/** Marks the deferred block that runs as a module (the others are classic scripts). */
export const DEFERRED_MODULE_ATTRIBUTE = 'data-modulo'
/** Marks an inline script of ours that only the modules read, to be held with them (root.tsx's `window.ENV`). */
export const DEFER_TO_INTENT_ATTRIBUTE = 'data-na-intencao'
/** The props that mark such a script in JSX: `<script {...heldForTheModules} …>`. */
export const heldForTheModules = { [DEFER_TO_INTENT_ATTRIBUTE]: '' } as const
/** The relation the module preloads carry meanwhile: one the browser ignores. */
export const DEFERRED_PRELOAD_REL = 'x-modulepreload-na-intencao'

/**
 * Where the loader keeps the page's Largest Contentful Paint until the
 * modules run: Chromium hands a late observer no LCP once the visitor has
 * pressed a key or touched the page, and that is what loads the modules.
 * web-vitals.client.ts reports it from here when the library got none.
 */
export const EARLY_LCP_GLOBAL = '__lcpAntesDosModulos'

/** What counts as intent: anything a person does to the page, and the browser focusing a field for them. */
export const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'scroll', 'wheel', 'focusin'] as const

/** The loader's text (hashed into the CSP like every inline script). */
export function intentLoaderScript(): string {
  return [
    `(function(w,d){var E=${JSON.stringify(INTENT_EVENTS)},o={capture:true,passive:true},done=false;`,
    // The page's LCP candidates, from the start (buffered), until the modules can observe them themselves.
    `try{var L=w.${EARLY_LCP_GLOBAL}={value:null};new PerformanceObserver(function(l){var e=l.getEntries();if(e.length)L.value=e[e.length-1].startTime})`,
    ".observe({type:'largest-contentful-paint',buffered:true})}catch(e){}",
    `function run(){d.querySelectorAll('script[type="${DEFERRED_MODULES_TYPE}"]').forEach(function(b){`,
    `var s=d.createElement('script');if(b.hasAttribute('${DEFERRED_MODULE_ATTRIBUTE}'))s.type='module';s.textContent=b.textContent;d.body.appendChild(s)})}`,
    'function go(){if(done)return;done=true;E.forEach(function(e){w.removeEventListener(e,go,o)});',
    "if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',run);else run()}",
    'E.forEach(function(e){w.addEventListener(e,go,o)})})(window,document)',
  ].join('')
}
