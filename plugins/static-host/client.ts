/**
 * The route's own path in the address bar before the router reads it: a
 * plain static server may have answered `/toolhive/faq/`,
 * `/toolhive/faq.html` or `/toolhive/faq/index.html`, and the router knows
 * the page only as `/toolhive/faq`. Runs once, when the client modules load,
 * before hydration; query and fragment are kept.
 */
if (typeof window !== 'undefined') {
  const {pathname, search, hash} = window.location;
  const route = pathname
    .replace(/\/index\.html$/, '/')
    .replace(/\.html$/, '')
    .replace(/(.)\/+$/, '$1');
  if (route !== pathname) {
    window.history.replaceState(window.history.state, '', route + search + hash);
  }
}

export {};
