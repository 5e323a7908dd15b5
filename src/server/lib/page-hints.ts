/**
 * The single-page app's HTML with hints for a signed-in page (issue 26 item 3, ADR 043 addendum).
 *
 * Without them the dashboard waits in a row: the main bundle is parsed and run, the session is checked, the page's
 * chunk and its imports are asked for, and only once the page renders are its API calls made (the agent's card
 * even after the list of agents). For a visitor with a live session, the HTML sent for such a page names, in its
 * head, every chunk the page imports (`modulepreload`, read from Vite's manifest) and the API calls it makes first
 * (`preload as="fetch"`), so the browser fetches all of them at once while it parses the main bundle; the page's
 * own requests are then answered from what was preloaded.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface PageHint {
  /** The page's module, as Vite's manifest names it (relative to src/client). */
  module: string;
  /** The API calls the page makes first, exactly as the client asks for them. */
  data: readonly string[];
}

/** Signed-in pages opened directly (a bookmark, the redirect after a payment or a sign-in). */
export const SIGNED_IN_PAGE_HINTS: Readonly<Record<string, PageHint>> = {
  '/dashboard': {
    module: 'app/dashboard-page.tsx',
    data: ['/api/subscription/status', '/api/agents', '/api/agent/config'],
  },
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The chunk `key` and every chunk it imports statically (keys of the manifest). */
function importClosure(
  manifest: Record<string, ManifestChunk>,
  key: string,
  into = new Set<string>(),
): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) importClosure(manifest, imported, into);
  return into;
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * The HTML to send for each hinted page, from the built client in `clientDir`; empty when the build has no
 * manifest (the plain index.html is then sent, as before).
 */
export function buildPageHints(
  clientDir: string,
  hints: Readonly<Record<string, PageHint>> = SIGNED_IN_PAGE_HINTS,
): Map<string, string> {
  const pages = new Map<string, string>();
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return pages;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  if (!html.includes('</head>')) return pages;
  // What index.html already loads (its entry and the entry's imports, which Vite hints itself).
  const loaded = importClosure(manifest, 'index.html');
  for (const [pagePath, hint] of Object.entries(hints)) {
    if (!manifest[hint.module]) continue;
    const chunks = [...importClosure(manifest, hint.module)].filter((key) => !loaded.has(key));
    // The chunks first: the browser asks in this order, six at a time, and the page's code is what it waits for
    // longest (the data comes from the server's memory or one query).
    const links = [
      ...chunks.map(
        (key) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(manifest[key]!.file)}" />`,
      ),
      ...chunks.flatMap((key) =>
        (manifest[key]!.css ?? []).map(
          (css) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(css)}" />`,
        ),
      ),
      ...hint.data.map(
        (url) => `<link rel="preload" href="${escapeAttribute(url)}" as="fetch" crossorigin="anonymous" />`,
      ),
    ];
    pages.set(pagePath, html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`));
  }
  return pages;
}
