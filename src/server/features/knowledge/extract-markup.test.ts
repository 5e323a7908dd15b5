import { describe, expect, it } from 'vitest';
import { readableMarkup } from './extract-markup.ts';

describe('readable markup', () => {
  it('drops tags, code blocks and link targets, keeping the words a person would read', () => {
    const page = [
      '## Connection timeout',
      '<a id="factory-connection-timeout"></a>',
      'Defines the server timeout in **milliseconds**. See [the docs](https://example.com/docs) or `connectionTimeout`.',
      '```js',
      'fastify.listen({ port: 3000 })',
      '```',
      '![diagram](img.png)',
      '[docs]: https://example.com',
      'Default: `0` (no timeout)<br>Set it per server.',
    ].join('\n');
    expect(readableMarkup(page).split('\n')).toEqual([
      '## Connection timeout',
      '',
      'Defines the server timeout in milliseconds. See the docs or connectionTimeout.',
      '',
      'Default: 0 (no timeout)',
      'Set it per server.',
    ]);
  });

  it('never keeps what a script or a style holds', () => {
    const pasted =
      'Open daily.\n<style>\ndd { margin: 1em; }\n</style>\n<script type="module">\nconst t = 1;\n</script>\nClosed on Sundays.';
    expect(readableMarkup(pasted).split('\n').filter(Boolean)).toEqual(['Open daily.', 'Closed on Sundays.']);
  });

  it('keeps the words of a link written over two lines', () => {
    expect(
      readableMarkup('the same as the core [`createServer`\nmethod](https://nodejs.org/api/http.html).'),
    ).toBe('the same as the core createServer\nmethod.');
  });

  it('reads a table row as one sentence and drops its rules', () => {
    const table = '| Plan | Price | Minutes |\n|---|:---:|---|\n| Basic | $99 | 100 |';
    expect(readableMarkup(table)).toBe('Plan: Price, Minutes.\nBasic: $99, 100.');
  });

  it('keeps the text after a fence that never closes', () => {
    expect(readableMarkup('Prices:\n```\nBasic is $99 a month.')).toBe('Prices:\nBasic is $99 a month.');
  });

  it('keeps text that only looks like markup: comparisons, a lone asterisk, snake_case words', () => {
    const text = 'Children < 5 ride free and adults > 65 pay half.\n* Open daily\nUse max_body_size.';
    expect(readableMarkup(text)).toBe(text);
  });

  it('drops a table of contents or a menu of links, keeping a list with a link among its words', () => {
    const page = [
      'This document has recommendations.',
      '- [Use A Reverse Proxy](#use-a-reverse-proxy)',
      '  - [HAProxy](#haproxy)',
      '',
      '- [Kubernetes](#kubernetes)',
      '<li><a href="/pricing">Pricing</a></li>',
      '## Use A Reverse Proxy',
      '- Run [Nginx](https://nginx.org) in front of the server.',
      '- [Docs](#docs)',
    ].join('\n');
    expect(readableMarkup(page).split('\n')).toEqual([
      'This document has recommendations.',
      '',
      '## Use A Reverse Proxy',
      '- Run Nginx in front of the server.',
      '- Docs',
    ]);
  });
  it("reads a quote's words without its marks", () => {
    expect(readableMarkup('> Note:\n> At least one of the two\n>\n> must be set.').split('\n')).toEqual([
      'Note:',
      'At least one of the two',
      '',
      'must be set.',
    ]);
  });
});
