import { describe, expect, it } from 'vitest';
import { extractDocument } from './extract.ts';
import { htmlToReadableText, isHtmlDocument } from './extract-html.ts';

/** A help-centre page as a browser saves it: chrome around the article, scripts and styles in it. */
const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <title>Returns - Copper Spoke Help</title>
  <style>dd { margin-bottom: 1em; }</style>
  <script>const theme = localStorage.getItem('theme');</script>
</head>
<body>
  <header class="site-header"><a href="/">Copper Spoke</a> <a href="/shop">Shop</a></header>
  <nav aria-label="Table of contents"><ul>
    <li><a href="/returns">Returns</a></li><li><a href="/repairs">Repairs</a></li><li><a href="/rentals">Rentals</a></li>
  </ul></nav>
  <div id="help-popup" hidden><p>Press S to search</p></div>
  <ul role="menu"><li>Light</li><li>Dark</li></ul>
  <main>
    <h1>Returns<a class="mark" href="#returns">#</a></h1>
    <p>You can return a bike within <b>30 days</b> of purchase for a full refund.</p>
    <pre><code>curl https://example.com/returns</code></pre>
    <h3>Used parts</h3>
    <ul><li>Used parts can't be returned.</li><li>Gift cards are final.</li></ul>
    <table><tr><th>Item</th><th>Fee</th></tr><tr><td>Restocking</td><td>$15</td></tr></table>
    <script>track('returns');</script>
  </main>
  <footer>© 2026 Copper Spoke · <a href="/privacy">Privacy</a></footer>
</body>
</html>`;

describe('web pages', () => {
  it('reads only the main content of a saved page, with its headings marked', () => {
    expect(htmlToReadableText(PAGE).split('\n')).toEqual([
      '# Returns',
      'You can return a bike within 30 days of purchase for a full refund.',
      '### Used parts',
      "- Used parts can't be returned.",
      '- Gift cards are final.',
      'Item: Fee.',
      'Restocking: $15.',
    ]);
  });

  it('drops navigation, tables of contents and hidden text on a page that marks no main content', () => {
    const text = htmlToReadableText(
      `<!doctype html><html><body>
        <div class="sidebar"><p>Chapters</p></div>
        <div class="toc"><p>Contents</p></div>
        <ul><li><a href="#a">Installing</a></li><li><a href="#b">Updating</a></li><li><a href="#c">Removing</a></li></ul>
        <p style="display: none">Loading…</p>
        <h2>Installing</h2><p>Run the installer and restart.</p>
        <table><tr><td>1.1.</td><td>Is it free?</td></tr><tr><td></td><td>Yes, for personal use.</td></tr></table>
      </body></html>`,
    );
    expect(text.split('\n')).toEqual([
      '## Installing',
      'Run the installer and restart.',
      'Is it free?',
      'Yes, for personal use.',
    ]);
  });

  it('drops a list entry that is only a link to another page, keeping entries with words of their own and contacts', () => {
    const text = htmlToReadableText(
      `<main><h2>Riding with us</h2><ul>
        <li><a href="fares.html">How much does it cost to ride?</a></li>
        <li><a href="cards.html">Get a Valley Card</a> and pay less with free transfers</li>
        <li>Call <a href="tel:+15415550124">(541) 555-0124</a> to book a ride</li>
        <li><a href="mailto:rides@example.org">rides@example.org</a></li>
      </ul></main>`,
    );
    expect(text.split('\n')).toEqual([
      '## Riding with us',
      '- Get a Valley Card and pay less with free transfers',
      '- Call (541) 555-0124 to book a ride',
      '- rides@example.org',
    ]);
  });

  it('reads a price table row by row, each value with its column; a two-column table as label and value', () => {
    const page = `<main><h2>Rentals</h2><table>
      <thead><tr><th>Bike type</th><th>2 hours</th><th>Full day</th></tr></thead>
      <tbody><tr><td>Electric bike</td><td>$40</td><td>$90</td></tr>
      <tr><td>Tandem</td><td>$35</td><td></td></tr></tbody></table>
      <table><tr><th>Item</th><th>Fee</th></tr><tr><td>Restocking</td><td>$15</td></tr></table></main>`;
    expect(htmlToReadableText(page).split('\n')).toEqual([
      '## Rentals',
      'Electric bike: 2 hours, $40; Full day, $90.',
      'Tandem: 2 hours, $35.',
      'Item: Fee.',
      'Restocking: $15.',
    ]);
  });

  it('names each plan in the rows of a comparison table whose corner cell is empty', () => {
    const page = `<main><h2>Compare plans</h2><table>
      <thead><tr><th></th><th>Starter</th><th>Growth</th></tr></thead>
      <tbody><tr><th scope="row">Price, billed monthly</th><td>$15 per month</td><td>$35 per month</td></tr>
      <tr><th scope="row">Users included</th><td>1 user</td><td>3 users</td></tr></tbody></table></main>`;
    expect(htmlToReadableText(page).split('\n')).toEqual([
      '## Compare plans',
      'Price, billed monthly: Starter, $15 per month; Growth, $35 per month.',
      'Users included: Starter, 1 user; Growth, 3 users.',
    ]);
  });

  it('keeps the space before a name that starts with a dot in a heading or a table cell', () => {
    const text = htmlToReadableText(
      `<main><h2>When (not) to use <code>.htaccess</code> files <a href="#when">¶</a></h2>
        <p>Put directives in the main configuration instead.</p>
        <table><tr><td>Name</td><td>the <code>.config</code> file , or <code>.htaccess</code> .</td></tr></table></main>`,
    );
    expect(text.split('\n')).toEqual([
      '## When (not) to use .htaccess files',
      'Put directives in the main configuration instead.',
      'Name: the .config file, or .htaccess.',
    ]);
  });

  it('reads a definition list as term and definition, and what follows a note box under its section again', () => {
    const text = htmlToReadableText(
      `<body><div id="banner"><a href="/get">Download the ebook</a></div>
        <div class="hero-banner"><h1>PostgreSQL manual</h1></div>
        <ul class="docnav top"><li><a href="a.html">Prev</a></li><li>The Handbook</li><li><a href="b.html">Next</a></li></ul>
        <h2>Record types</h2>
        <dl><dt><code>local</code></dt><dd><p>Matches connections over Unix sockets.</p>
          <div class="note"><h3>Note</h3><p>Remote connections need listen_addresses.</p></div></dd>
          <dt><code>hostssl</code></dt><dd><p>Matches connections made with SSL.</p></dd></dl>
        <p>Fields are separated by spaces.</p>
        <div class="cookie-notice">This site uses cookies. <a href="#">Accept</a></div></body>`,
    );
    expect(text.split('\n')).toEqual([
      '# PostgreSQL manual',
      '## Record types',
      'local: Matches connections over Unix sockets.',
      '### Note',
      'Remote connections need listen_addresses.',
      '## Record types',
      'hostssl: Matches connections made with SSL.',
      'Fields are separated by spaces.',
    ]);
  });

  it('tells a saved web page from Markdown or text with a few tags in it', () => {
    expect(isHtmlDocument(PAGE)).toBe(true);
    expect(isHtmlDocument('<html>\n<body><p>Open daily</p></body></html>')).toBe(true);
    expect(isHtmlDocument('# Hours\nOpen <b>daily</b> from 9.')).toBe(false);
  });

  it('uploads a saved web page as its content, never its scripts or menus', async () => {
    const { kind, pages } = await extractDocument({ filename: 'returns.html', data: Buffer.from(PAGE) });
    expect(kind).toBe('txt');
    const text = pages.map((p) => p.text).join('\n');
    expect(text).toContain('within 30 days of purchase');
    for (const chrome of ['localStorage', 'margin-bottom', 'Press S', 'Privacy', 'Rentals', 'Dark', 'curl'])
      expect(text).not.toContain(chrome);
  });
});
